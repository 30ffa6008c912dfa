import Foundation

/// The XML Schema time types of MPD attributes: `xs:duration` (`PT1H2M3.5S`) and `xs:dateTime`
/// (`2026-11-29T12:00:00Z`).
enum XSTime {
  /// Seconds of an `xs:duration`; years count 365 days and months 30 (as Shaka and dash.js read
  /// them). Nil for text that is no non-negative duration or whose seconds are not finite.
  static func duration(_ text: String) -> Double? {
    var rest = Substring(text.trimmingCharacters(in: .whitespaces))
    guard rest.first == "P" else { return nil }
    rest = rest.dropFirst()
    var seconds = 0.0
    var inTime = false
    var sawField = false
    var lastRank = -1
    let ranks: [Character: (rank: Int, timeRank: Int, seconds: Double)] = [
      "Y": (0, -1, 365 * 86_400), "D": (2, -1, 86_400), "H": (-1, 3, 3_600), "S": (-1, 5, 1),
    ]
    while let first = rest.first {
      if first == "T" {
        guard !inTime else { return nil }
        inTime = true
        rest = rest.dropFirst()
        guard !rest.isEmpty else { return nil }
        continue
      }
      let digits = rest.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
      guard !digits.isEmpty, digits.first != ".", digits.last != ".", digits.filter({ $0 == "." }).count <= 1,
        let value = Double(digits)
      else { return nil }
      rest = rest.dropFirst(digits.count)
      guard let designator = rest.first else { return nil }
      rest = rest.dropFirst()
      let rank: Int
      let unit: Double
      if designator == "M" {
        (rank, unit) = inTime ? (4, 60) : (1, 30 * 86_400)
      } else if let known = ranks[designator] {
        rank = inTime ? known.timeRank : known.rank
        unit = known.seconds
      } else {
        return nil
      }
      // Fractions only on seconds; each field once, in order, date fields before `T`.
      guard rank > lastRank, rank >= 0, designator == "S" || !digits.contains(".") else { return nil }
      lastRank = rank
      sawField = true
      seconds += value * unit
    }
    guard sawField, seconds.isFinite else { return nil }
    return seconds
  }

  /// Seconds since 1970-01-01T00:00:00Z of an `xs:dateTime`; a time without a zone is read as UTC.
  static func dateTime(_ text: String) -> Double? {
    let bytes = Array(text.trimmingCharacters(in: .whitespaces).utf8)
    var index = 0
    func number(_ count: Int) -> Int? {
      guard index + count <= bytes.count else { return nil }
      var value = 0
      for byte in bytes[index..<index + count] {
        guard byte >= 48, byte <= 57 else { return nil }
        value = value * 10 + Int(truncatingIfNeeded: byte - 48)
      }
      index += count
      return value
    }
    func expect(_ character: Character) -> Bool {
      guard index < bytes.count, let ascii = character.asciiValue, bytes[index] == ascii else { return false }
      index += 1
      return true
    }
    guard let year = number(4), expect("-"), let month = number(2), expect("-"), let day = number(2),
      expect("T"), let hour = number(2), expect(":"), let minute = number(2), expect(":"),
      let second = number(2), (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60,
      second < 61
    else { return nil }
    var fraction = 0.0
    if expect(".") {
      var scale = 0.1
      let start = index
      while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 {
        fraction += Double(bytes[index] - 48) * scale
        scale /= 10
        index += 1
      }
      guard index > start else { return nil }
    }
    var zone = 0
    if index < bytes.count {
      if expect("Z") {
      } else if bytes[index] == 43 || bytes[index] == 45 {
        let sign = bytes[index] == 45 ? -1 : 1
        index += 1
        guard let hours = number(2), expect(":"), let minutes = number(2), hours <= 14, minutes < 60 else {
          return nil
        }
        zone = sign * (hours * 3600 + minutes * 60)
      } else {
        return nil
      }
    }
    guard index == bytes.count else { return nil }
    let days = daysFromCivil(year: year, month: month, day: day)
    return Double(days * 86_400 + hour * 3600 + minute * 60 + second - zone) + fraction
  }

  /// Days since 1970-01-01 of a proleptic Gregorian date.
  private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
    let shifted = month <= 2 ? year - 1 : year
    let era = (shifted >= 0 ? shifted : shifted - 399) / 400
    let yearOfEra = shifted - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// An `xs:dateTime` text for seconds since 1970 (UTC, milliseconds).
  static func text(_ seconds: Double) -> String {
    let millis = Int64.checked(seconds * 1000, rounding: .toNearestOrEven) ?? 0
    let days = millis >= 0 ? millis / 86_400_000 : (millis - 86_399_999) / 86_400_000
    let inDay = millis - days * 86_400_000
    // civil from days (Howard Hinnant's algorithm).
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let day = doy - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
    func pad(_ value: Int64, _ width: Int) -> String {
      let digits = String(value)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(inDay / 3_600_000, 2)):"
      + "\(pad(inDay / 60_000 % 60, 2)):\(pad(inDay / 1000 % 60, 2)).\(pad(inDay % 1000, 3))Z"
  }
}

/// Dates as `player.mpd` shows them.
public enum XSDate {
  /// The `xs:dateTime` text (UTC, milliseconds) of seconds since 1970.
  public static func text(_ seconds: Double) -> String { XSTime.text(seconds) }
}

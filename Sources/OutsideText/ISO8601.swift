import CheckedNumbers

/// The one reader (and writer) of ISO 8601 date-times in outside text — HLS's
/// `#EXT-X-PROGRAM-DATE-TIME` and date ranges (`2026-11-29T12:00:00.000Z`, `…+02:00`), DASH's
/// `xs:dateTime` — read to seconds since 1970 without Foundation's formatters, so the result is
/// exact and fast.
public enum ISO8601 {
  /// What a date-time without a zone means.
  public enum MissingZone: Sendable {
    /// It is not a date-time (HLS: RFC 8216 requires a zone).
    case refused
    /// It is UTC (`xs:dateTime`).
    case utc
  }

  /// Seconds since 1970-01-01T00:00:00Z, or `nil` when `text` is not such a date-time:
  /// `YYYY-MM-DDThh:mm:ss[.fraction]` then `Z`, `+hh:mm`, `+hhmm` or `+hh` (a `t` and a `z` too).
  public static func seconds(_ text: String, missingZone: MissingZone = .refused) -> Double? {
    var text = text
    return text.withUTF8 { seconds(UnsafeRawBufferPointer($0), missingZone: missingZone) }
  }

  /// `seconds(_:missingZone:)` of UTF-8 bytes, read in place. The usual layout
  /// (`2026-11-29T12:00:00.000Z`, `…+02:00`) is read at fixed places; any other the general way.
  public static func seconds(_ bytes: UnsafeRawBufferPointer, missingZone: MissingZone = .refused) -> Double?
  {
    if let seconds = ISO8601Layout.seconds(bytes) { return seconds }
    return generalSeconds(bytes, missingZone: missingZone)
  }

  /// The reader of every form, left to right (what the fixed layout must agree with).
  static func generalSeconds(_ bytes: UnsafeRawBufferPointer, missingZone: MissingZone) -> Double? {
    var reader = Reader(bytes: bytes)
    guard let year = reader.number(4), reader.expect(45), let month = reader.number(2), reader.expect(45),
      let day = reader.number(2), reader.expect(84) || reader.expect(116)
    else { return nil }
    guard let hour = reader.number(2), reader.expect(58), let minute = reader.number(2), reader.expect(58),
      let second = reader.number(2)
    else { return nil }
    var fraction = 0.0
    if reader.expect(46) {
      let start = reader.position
      while reader.digit() != nil {}
      guard reader.position > start else { return nil }
      fraction = Self.fraction(bytes, from: start, to: reader.position)
    }
    guard let zone = reader.zone(missingZone), reader.atEnd else { return nil }
    return seconds(year: year, month: month, day: day, hour: hour, minute: minute, second: second, zone: zone)
      .map { $0 + fraction }
  }

  /// The whole seconds of a date-time, `nil` when a field is out of range (a day is checked only
  /// to be 1 to 31: February 30 is March 2).
  static func seconds(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, zone: Int)
    -> Double?
  {
    guard (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second <= 60 else {
      return nil
    }
    let days = daysFromCivil(year: year, month: month, day: day)
    return Double(days * 86_400 + hour * 3600 + minute * 60 + second - zone)
  }

  /// The fraction of a second written by the digits in `bytes[from..<to]`, summed digit by digit.
  static func fraction(_ bytes: UnsafeRawBufferPointer, from: Int, to: Int) -> Double {
    var fraction = 0.0
    var scale = 0.1
    for index in from..<to {
      fraction += Double(bytes[index] &- 48) * scale
      scale /= 10
    }
    return fraction
  }

  /// The text of seconds since 1970, in UTC with milliseconds: `2026-11-29T12:00:00.000Z`.
  public static func text(_ seconds: Double) -> String {
    let millis = Int64.checked(seconds * 1000, rounding: .toNearestOrEven) ?? 0
    let days = millis >= 0 ? millis / 86_400_000 : (millis - 86_399_999) / 86_400_000
    let inDay = millis - days * 86_400_000
    // Civil date from days (Howard Hinnant's algorithm).
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    func pad(_ value: Int64, _ width: Int) -> String {
      let digits = String(value)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(inDay / 3_600_000, 2)):"
      + "\(pad(inDay / 60_000 % 60, 2)):\(pad(inDay / 1000 % 60, 2)).\(pad(inDay % 1000, 3))Z"
  }

  /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's algorithm).
  static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
    let shifted = month <= 2 ? year - 1 : year
    let era = (shifted >= 0 ? shifted : shifted - 399) / 400
    let yearOfEra = shifted - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// ASCII bytes read left to right.
  private struct Reader {
    let bytes: UnsafeRawBufferPointer
    var position = 0

    var atEnd: Bool { position == bytes.count }

    mutating func digit() -> Int? {
      guard position < bytes.count, bytes[position] >= 48, bytes[position] <= 57 else { return nil }
      position += 1
      return Int(bytes[position - 1] - 48)
    }

    mutating func number(_ count: Int) -> Int? {
      guard position + count <= bytes.count else { return nil }
      var value = 0
      for _ in 0..<count {
        guard let digit = digit() else { return nil }
        value = value * 10 + digit
      }
      return value
    }

    mutating func expect(_ byte: UInt8) -> Bool {
      guard position < bytes.count, bytes[position] == byte else { return false }
      position += 1
      return true
    }

    /// The zone's offset east of UTC in seconds; nil when there is none to read and none is allowed.
    mutating func zone(_ missing: MissingZone) -> Int? {
      if expect(90) || expect(122) { return 0 }
      guard position < bytes.count, bytes[position] == 43 || bytes[position] == 45 else {
        return atEnd && missing == .utc ? 0 : nil
      }
      let sign = bytes[position] == 45 ? -1 : 1
      position += 1
      guard let hours = number(2), hours < 24 else { return nil }
      _ = expect(58)
      let minutes = atEnd ? 0 : number(2)
      guard let minutes, minutes < 60 else { return nil }
      return sign * (hours * 3600 + minutes * 60)
    }
  }
}

/// ISO 8601 date-times as HLS writes them (`2026-11-29T12:00:00.000Z`, `…+02:00`), read to
/// seconds since 1970 without Foundation's formatters, so the result is exact and fast.
enum HLSDate {
  /// Seconds since 1970-01-01T00:00:00Z, or `nil` when `text` is not such a date-time.
  static func parse(_ text: String) -> Double? {
    let bytes = Array(text.utf8)
    var position = 0
    func number(_ count: Int) -> Int? {
      guard position + count <= bytes.count else { return nil }
      var value = 0
      for byte in bytes[position..<position + count] {
        guard byte >= 48, byte <= 57 else { return nil }
        value = value * 10 + Int(byte - 48)
      }
      position += count
      return value
    }
    func expect(_ character: UInt8) -> Bool {
      guard position < bytes.count, bytes[position] == character else { return false }
      position += 1
      return true
    }
    guard let year = number(4), expect(45), let month = number(2), expect(45), let day = number(2),
      position < bytes.count, bytes[position] == 84 || bytes[position] == 116
    else { return nil }
    position += 1
    guard let hour = number(2), expect(58), let minute = number(2), expect(58), let second = number(2),
      (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second <= 60
    else { return nil }
    var fraction = 0.0
    if expect(46) {
      var scale = 0.1
      let start = position
      while position < bytes.count, bytes[position] >= 48, bytes[position] <= 57 {
        fraction += Double(bytes[position] - 48) * scale
        scale /= 10
        position += 1
      }
      guard position > start else { return nil }
    }
    var offset = 0
    if expect(90) || expect(122) {
      offset = 0
    } else if position < bytes.count, bytes[position] == 43 || bytes[position] == 45 {
      let sign = bytes[position] == 45 ? -1 : 1
      position += 1
      guard let hours = number(2), hours < 24 else { return nil }
      _ = expect(58)
      let minutes = position < bytes.count ? number(2) : 0
      guard let minutes, minutes < 60 else { return nil }
      offset = sign * (hours * 3600 + minutes * 60)
    } else {
      return nil
    }
    guard position == bytes.count else { return nil }
    let days = daysFromCivil(year: year, month: month, day: day)
    let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
    return Double(seconds) + fraction
  }

  /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's algorithm).
  private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
    let shifted = month <= 2 ? year - 1 : year
    let era = (shifted >= 0 ? shifted : shifted - 399) / 400
    let yearOfEra = shifted - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}

import CheckedNumbers

/// A point in an ad: a time in seconds or a percentage of its duration.
public enum VASTOffset: Sendable, Equatable, Codable, CustomStringConvertible {
  /// Seconds from the start.
  case seconds(Double)
  /// Percent (0–100) of the duration.
  case percent(Double)

  /// Reads `HH:MM:SS(.mmm)` or `N%` (0–100); nil for anything else.
  public init?(parsing text: String) {
    let trimmed = text.trimmingWhitespace()
    if trimmed.utf8.last == UInt8(ascii: "%") {
      guard let value = Double(trimmed.dropLast()), value.isFinite, (0...100).contains(value) else {
        return nil
      }
      self = .percent(value)
    } else if let seconds = VASTDuration.seconds(text) {
      self = .seconds(seconds)
    } else {
      return nil
    }
  }

  /// Decodes the text form (`HH:MM:SS.mmm` or `N%`).
  public init(from decoder: any Decoder) throws {
    let text = try decoder.singleValueContainer().decode(String.self)
    guard let offset = VASTOffset(parsing: text) else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "bad offset '\(text)'"))
    }
    self = offset
  }

  /// Encodes the text form, as in VAST.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }

  /// Seconds from the start for an ad of `duration` seconds (nil when a percentage meets an
  /// unknown duration).
  public func seconds(duration: Double?) -> Double? {
    switch self {
    case .seconds(let value): return value
    case .percent(let value): return duration.map { $0 * value / 100 }
    }
  }

  /// `HH:MM:SS.mmm` or `N%`.
  public var description: String {
    switch self {
    case .seconds(let value): return VASTDuration.format(value)
    case .percent(let value): return (Int.checked(value).map(String.init) ?? String(value)) + "%"
    }
  }
}

/// VAST time values (`HH:MM:SS` or `HH:MM:SS.mmm`).
public enum VASTDuration {
  /// Seconds of `HH:MM:SS(.mmm)`; nil when unreadable or out of range (minutes or seconds ≥ 60).
  public static func seconds(_ text: String) -> Double? {
    var text = text
    return text.withUTF8 { seconds(bytes: $0) }
  }

  /// Reads the bytes directly: durations are parsed for every linear ad and icon.
  static func seconds(bytes: UnsafeBufferPointer<UInt8>) -> Double? {
    var index = 0
    var end = bytes.count
    while index < end && isSpace(bytes[index]) { index += 1 }
    while end > index && isSpace(bytes[end - 1]) { end -= 1 }
    func number(maxDigits: Int) -> Int? {
      var value = 0
      var digits = 0
      while index < end, bytes[index] >= 48, bytes[index] <= 57, digits < maxDigits {
        value = value * 10 + Int(bytes[index] - 48)
        index += 1
        digits += 1
      }
      return digits == 0 ? nil : value
    }
    guard let hours = number(maxDigits: 5), index < end, bytes[index] == 58 else { return nil }
    index += 1
    guard let minutes = number(maxDigits: 2), minutes < 60, index < end, bytes[index] == 58 else {
      return nil
    }
    index += 1
    guard let wholeSeconds = number(maxDigits: 2), wholeSeconds < 60 else { return nil }
    var fraction = 0.0
    if index < end && bytes[index] == 46 {
      index += 1
      var scale = 0.1
      let fractionStart = index
      while index < end, bytes[index] >= 48, bytes[index] <= 57 {
        fraction += Double(bytes[index] - 48) * scale
        scale /= 10
        index += 1
      }
      if index == fractionStart { return nil }
    }
    guard index == end else { return nil }
    return Double(hours * 3600 + minutes * 60 + wholeSeconds) + fraction
  }

  @inline(__always) static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }

  /// The longest time `format` writes: 99999:59:59.999, the most `seconds` reads (5 digits of hours).
  public static let maxSeconds = 359_999_999.999

  /// `HH:MM:SS.mmm` of seconds; negative or NaN reads as 0, more than `maxSeconds` as `maxSeconds`.
  public static func format(_ seconds: Double) -> String {
    let bounded = seconds.isNaN ? 0 : min(max(0, seconds), maxSeconds)
    let millis = Int.checked(bounded * 1000, rounding: .toNearestOrAwayFromZero) ?? 0
    let hours = millis / 3_600_000
    let minutes = millis / 60_000 % 60
    let wholeSeconds = millis / 1000 % 60
    return pad(hours, 2) + ":" + pad(minutes, 2) + ":" + pad(wholeSeconds, 2) + "." + pad(millis % 1000, 3)
  }

  static func pad(_ value: Int, _ width: Int) -> String {
    let text = String(value)
    return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
  }
}

extension String {
  /// The text without leading and trailing spaces, tabs and line breaks.
  func trimmingWhitespace() -> String {
    let bytes = utf8
    if let first = bytes.first, !VASTDuration.isSpace(first),
      !VASTDuration.isSpace(bytes[bytes.index(before: bytes.endIndex)])
    {
      return String(self)
    }
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }
    guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) })
    else {
      return ""
    }
    return String(self[first...last])
  }
}

import Foundation
import OutsideText

/// The XML Schema time types of MPD attributes: `xs:duration` (`PT1H2M3.5S`) and `xs:dateTime`
/// (`2026-11-29T12:00:00Z`).
enum XSTime {
  /// Seconds of an `xs:duration`; years count 365 days and months 30 (as Shaka and dash.js read
  /// them). Nil for text that is no non-negative duration or whose seconds are not finite.
  /// Read from the UTF-8 bytes: every byte of a duration is ASCII, so any other byte (and with it
  /// any Unicode digit, or a mark combining with a designator) makes the text none.
  static func duration(_ text: String) -> Double? {
    var trimmed = MPDText.trimmingSpaces(text)
    return trimmed.withUTF8(duration(bytes:))
  }

  private static func duration(bytes: UnsafeBufferPointer<UInt8>) -> Double? {
    guard bytes.first == UInt8(ascii: "P") else { return nil }
    var position = 1
    var seconds = 0.0
    var inTime = false
    var sawField = false
    var lastRank = -1
    while position < bytes.count {
      if bytes[position] == UInt8(ascii: "T") {
        guard !inTime else { return nil }
        inTime = true
        position += 1
        guard position < bytes.count else { return nil }
        continue
      }
      let digitsStart = position
      var dots = 0
      while position < bytes.count, isDigit(bytes[position]) || bytes[position] == UInt8(ascii: ".") {
        if bytes[position] == UInt8(ascii: ".") { dots += 1 }
        position += 1
      }
      let digits = UnsafeBufferPointer(rebasing: bytes[digitsStart..<position])
      guard let first = digits.first, let last = digits.last, first != UInt8(ascii: "."),
        last != UInt8(ascii: "."), dots <= 1, let value = number(digits, dots: dots),
        position < bytes.count
      else { return nil }
      let designator = bytes[position]
      position += 1
      let rank: Int
      let unit: Double
      switch designator {
      case UInt8(ascii: "Y") where !inTime: (rank, unit) = (0, 365 * 86_400)
      case UInt8(ascii: "M"): (rank, unit) = inTime ? (4, 60) : (1, 30 * 86_400)
      case UInt8(ascii: "D") where !inTime: (rank, unit) = (2, 86_400)
      case UInt8(ascii: "H") where inTime: (rank, unit) = (3, 3_600)
      case UInt8(ascii: "S") where inTime: (rank, unit) = (5, 1)
      default: return nil
      }
      // Fractions only on seconds; each field once, in order, date fields before `T`.
      guard rank > lastRank, designator == UInt8(ascii: "S") || dots == 0 else { return nil }
      lastRank = rank
      sawField = true
      seconds += value * unit
    }
    guard sawField, seconds.isFinite else { return nil }
    return seconds
  }

  /// The value of digits with at most one `.` inside: a whole number of up to 15 digits exactly
  /// (as `Double(text)` reads it), anything else through `Double(text)`.
  private static func number(_ digits: UnsafeBufferPointer<UInt8>, dots: Int) -> Double? {
    guard dots == 0, digits.count <= 15 else { return Double(String(decoding: digits, as: UTF8.self)) }
    var value: UInt64 = 0
    for byte in digits { value = value &* 10 &+ UInt64(truncatingIfNeeded: byte &- 48) }
    return Double(value)
  }

  @inline(__always) private static func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }

  /// Seconds since 1970-01-01T00:00:00Z of an `xs:dateTime`; a time without a zone is read as UTC.
  static func dateTime(_ text: String) -> Double? {
    ISO8601.seconds(MPDText.trimmingSpaces(text), missingZone: .utc)
  }

  /// An `xs:dateTime` text for seconds since 1970 (UTC, milliseconds).
  static func text(_ seconds: Double) -> String { ISO8601.text(seconds) }
}

/// Dates as `player.mpd` shows them.
public enum XSDate {
  /// The `xs:dateTime` text (UTC, milliseconds) of seconds since 1970.
  public static func text(_ seconds: Double) -> String { XSTime.text(seconds) }
}

import Foundation
import OutsideText

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
    ISO8601.seconds(text.trimmingCharacters(in: .whitespaces), missingZone: .utc)
  }

  /// An `xs:dateTime` text for seconds since 1970 (UTC, milliseconds).
  static func text(_ seconds: Double) -> String { ISO8601.text(seconds) }
}

/// Dates as `player.mpd` shows them.
public enum XSDate {
  /// The `xs:dateTime` text (UTC, milliseconds) of seconds since 1970.
  public static func text(_ seconds: Double) -> String { XSTime.text(seconds) }
}

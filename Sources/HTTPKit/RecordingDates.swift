import Foundation
import OutsideText

/// Dates in a recording's index: ISO 8601 with milliseconds, in UTC.
enum RecordingDates {
  static func text(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions.insert(.withFractionalSeconds)
    return formatter.string(from: date)
  }

  /// The date of an index's `startDate` (with or without a fraction of a second, a zone
  /// required), read by OutsideText's reader: a replay reads it at every start, and making a
  /// Foundation `ISO8601DateFormatter` cost more than the rest of the index's checks.
  static func date(_ text: String) -> Date? {
    ISO8601.seconds(text).map(Date.init(timeIntervalSince1970:))
  }
}

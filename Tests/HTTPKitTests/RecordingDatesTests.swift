import Foundation
import Testing

@testable import HTTPKit

/// A recording's `startDate` is read by OutsideText's ISO 8601 reader (a replay reads it at every
/// start): the same dates Foundation's `ISO8601DateFormatter` read before, with or without a
/// fraction of a second, and nothing without a zone.
@Suite struct RecordingDatesTests {
  @Test func theDatesTheFormatterReadReadTheSame() throws {
    let plain = ISO8601DateFormatter()
    let fractional = ISO8601DateFormatter()
    fractional.formatOptions.insert(.withFractionalSeconds)
    for text in [
      "2026-11-29T12:00:00Z", "2026-11-29T12:00:00.250Z", "2026-11-29T14:00:00+02:00",
      "2026-11-29T09:30:00.125-02:30", "1999-12-31T23:59:59.999Z",
    ] {
      let before = try #require(plain.date(from: text) ?? fractional.date(from: text), "\(text)")
      let after = try #require(RecordingDates.date(text), "\(text)")
      #expect(abs(after.timeIntervalSince1970 - before.timeIntervalSince1970) < 0.0005, "\(text)")
    }
  }

  @Test func whatARecordingWritesReadsBackToTheMillisecond() throws {
    let date = Date(timeIntervalSince1970: 1_795_000_000.123)
    let read = try #require(RecordingDates.date(RecordingDates.text(date)))
    #expect(abs(read.timeIntervalSince1970 - date.timeIntervalSince1970) < 0.0005)
  }

  @Test func aDateWithoutAZoneOrNoDateIsNone() {
    #expect(RecordingDates.date("2026-11-29T12:00:00") == nil)
    #expect(RecordingDates.date("yesterday") == nil)
    #expect(RecordingDates.date("") == nil)
  }
}

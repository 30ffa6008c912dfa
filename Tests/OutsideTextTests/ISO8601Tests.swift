import OutsideText
import Testing

/// The one ISO 8601 date-time reader and writer, under HLS and DASH.
@Suite struct ISO8601Tests {
  @Test(arguments: [
    ("2026-11-29T12:00:00Z", 1_795_953_600.0),
    ("2026-11-29T12:00:00.500Z", 1_795_953_600.5),
    ("2026-11-29t12:00:00z", 1_795_953_600.0),
    ("2026-11-29T14:00:00+02:00", 1_795_953_600.0),
    ("2026-11-29T14:00:00+0200", 1_795_953_600.0),
    ("2026-11-29T11:30:00-00:30", 1_795_953_600.0),
    ("1970-01-01T00:00:00Z", 0),
    ("1969-12-31T23:59:59Z", -1),
  ])
  func dateTimesReadToSecondsSince1970(text: String, seconds: Double) {
    #expect(ISO8601.seconds(text) == seconds)
  }

  @Test(arguments: [
    "", "2026-11-29", "2026-11-29T12:00:00", "2026-13-01T00:00:00Z", "2026-11-29T24:00:00Z",
    "2026-11-29T12:00:00.Z", "2026-11-29T12:00:00Zjunk", "9999-99-99T99:99:99Z", "2026-11-29 12:00:00Z",
  ])
  func otherTextIsNoDateTime(text: String) {
    #expect(ISO8601.seconds(text) == nil)
  }

  @Test func aMissingZoneIsUTCWhenAllowed() {
    #expect(ISO8601.seconds("2026-11-29T12:00:00", missingZone: .utc) == 1_795_953_600)
    #expect(ISO8601.seconds("2026-11-29T12:00:00", missingZone: .refused) == nil)
  }

  @Test func textIsUTCWithMilliseconds() {
    #expect(ISO8601.text(1_795_953_600.25) == "2026-11-29T12:00:00.250Z")
    #expect(ISO8601.text(-1) == "1969-12-31T23:59:59.000Z")
    #expect(ISO8601.seconds(ISO8601.text(1_795_953_600.125)) == 1_795_953_600.125)
  }
}

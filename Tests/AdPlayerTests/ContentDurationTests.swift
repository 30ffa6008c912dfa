import AdPlayer
import PlayerSeam
import Testing

/// The content's duration is bounded: a source's `duration` past one week (or not a positive
/// number) is refused with its JSON path, so no source makes a run play on for ever.
@Suite struct ContentDurationTests {
  static let expected = "expected a number of seconds above 0 and at most 604800 (one week)"

  func error(_ duration: String) -> String? {
    do {
      _ = try SourceDescription(
        jsonText: #"{"sources": [{"src": "https://e.example/a.mp4"}], "duration": "# + duration + "}")
      return nil
    } catch { return error.description }
  }

  @Test(arguments: [
    ("1e15", "1000000000000000"), ("1e300", "1e+300"), ("604800.5", "604800.5"), ("0", "0"), ("-5", "-5"),
    (#""10""#, "a string"), ("true", "a Boolean"),
  ])
  func durationsPastAWeekOrNotPositiveAreRefusedWithTheirPath(_ duration: String, _ found: String) {
    #expect(error(duration) == "duration: \(Self.expected), found \(found)")
  }

  @Test func aDurationWithinAWeekIsTheContentDuration() throws {
    #expect(error("604800") == nil)
    let source = try SourceDescription(jsonText: #"{"sources": [], "duration": 90.5}"#)
    #expect(source.contentDuration == 90.5)
    #expect(try SourceDescription(jsonText: #"{"sources": [], "duration": null}"#).contentDuration == nil)
  }

  @Test func aTimelineIsBoundedWhateverItIsGiven() {
    #expect(ContentTimeline.vod(1e15).duration == ContentTimeline.maxDuration)
    #expect(ContentTimeline.vod(.infinity).duration == ContentTimeline.maxDuration)
    #expect(ContentTimeline.vod(.nan).duration == 0)
    #expect(ContentTimeline.vod(-3).duration == 0)
    #expect(ContentTimeline.vod(42).duration == 42)
  }
}

import PlayerSeam
import Testing

@testable import RunReport

/// The interstitials of a log as the report draws them: a range or a point, content-like or
/// ad-like, from `interstitialstart` to `interstitialend`.
@Suite struct InterstitialSpanTests {
  static func start(_ time: Double, content: Double, _ interstitial: [(String, JSONValue)]) -> ReportEntry {
    entry(time, .interstitialstart, content: content, [("interstitial", .object(JSONObject(interstitial)))])
  }

  static func end(_ time: Double, _ id: String, resume: Double, played: Double) -> ReportEntry {
    entry(
      time, .interstitialend,
      [
        ("interstitial", .object(JSONObject([("id", .string(id))]))), ("played", .number(played)),
        ("resumeTime", .number(resume)),
      ])
  }

  @Test func aRangeStyledAsContentAndAPointStyledAsAnAd() throws {
    let timeline = RunTimeline([
      Self.start(
        10, content: 10,
        [
          ("id", .string("range")), ("timelineOccupies", .string("RANGE")), ("duration", .number(6)),
          ("timelineStyle", .string("PRIMARY")),
        ]),
      Self.end(16, "range", resume: 16, played: 6),
      Self.start(30, content: 30, [("id", .string("point"))]),
      Self.end(34, "point", resume: 30, played: 4),
    ])
    #expect(timeline.interstitials.count == 2)
    let range = try #require(timeline.interstitials.first)
    #expect(range.occupiesRange && range.primaryStyle && range.span == 6 && range.end == 16)
    #expect(range.contentStart == 10 && range.begin == 10)
    let point = try #require(timeline.interstitials.last)
    #expect(!point.occupiesRange && !point.primaryStyle && point.end == 34)
    let svg = TimelineSVG(timeline, marks: []).html
    #expect(svg.contains("<g class=\"interstitial range primary\""))
    #expect(svg.contains("<g class=\"interstitial point highlight\""))
  }

  /// A range without DURATION in the log takes as much content as the content moved on over it.
  @Test func aRangeWithoutADurationSpansWhatTheContentSkipped() throws {
    let timeline = RunTimeline([
      Self.start(5, content: 5, [("id", .string("r")), ("timelineOccupies", .string("RANGE"))]),
      Self.end(9, "r", resume: 12, played: 4),
    ])
    #expect(timeline.interstitials.first?.span == 7)
  }

  @Test func aRunWithoutInterstitialsDrawsNone() {
    let timeline = RunTimeline([entry(0, .playing), entry(5, .ended, content: 5)])
    #expect(timeline.interstitials.isEmpty)
    #expect(!TimelineSVG(timeline, marks: []).html.contains("interstitial"))
  }
}

import PlayerSeam
import Testing

@testable import RunReport

/// A log entry at `time` with the content time `content`.
func entry(
  _ time: Double, _ kind: LogKind, content: Double = 0, ad: String? = nil, offset: Double? = nil,
  _ fields: [(String, JSONValue)] = []
) -> ReportEntry {
  ReportEntry(
    LogEntry(
      micros: VirtualTime.micros(time), kind: kind, adId: ad, adBreakTimeOffset: offset,
      fields: JSONObject(fields)),
    contentTime: content)
}

@Suite struct ContentTraceTests {
  @Test func steadyPlaybackIsTwoPoints() {
    var trace = ContentTrace()
    for step in 0...4000 { trace.add(time: Double(step) / 4, content: Double(step) / 4) }
    #expect(trace.points == [.init(time: 0, content: 0), .init(time: 1000, content: 1000)])
  }

  @Test func aPauseAndASeekKeepTheirCorners() {
    var trace = ContentTrace()
    for t in stride(from: 0.0, through: 10, by: 0.25) { trace.add(time: t, content: t) }
    for t in stride(from: 10.25, through: 25, by: 0.25) { trace.add(time: t, content: 10) }
    trace.add(time: 25, content: 50)
    for t in stride(from: 25.25, through: 30, by: 0.25) { trace.add(time: t, content: 25 + t) }
    #expect(
      trace.points == [
        .init(time: 0, content: 0), .init(time: 10, content: 10), .init(time: 25, content: 10),
        .init(time: 25, content: 50), .init(time: 30, content: 55),
      ])
  }
}

@Suite struct RunTimelineTests {
  /// Four ads: played, skipped, failed, and one a seek jumps over; beacons on their ads.
  static let log: [ReportEntry] = [
    entry(0, .addad, ad: "a1", offset: 0), entry(0, .addad, ad: "a2", offset: 0),
    entry(0, .addad, ad: "a3", offset: 0), entry(0, .addad, ad: "m1", offset: 60),
    entry(0, .adbreakbegin, offset: 0), entry(0, .adbegin, ad: "a1", offset: 0),
    entry(
      0, .beacon, ad: "a1",
      [("event", .string("impression")), ("url", .string("https://t/i")), ("status", .number(200))]),
    entry(10, .adend, ad: "a1", offset: 0), entry(10, .adbegin, ad: "a2", offset: 0),
    entry(13, .action, [("do", .string("skip"))]), entry(13, .adskip, ad: "a2", offset: 0),
    entry(
      13, .beacon, ad: "a2",
      [("event", .string("skip")), ("url", .string("https://t/s")), ("status", .number(404))]),
    entry(13, .adbegin, ad: "a3", offset: 0),
    entry(14, .aderror, ad: "a3", [("message", .string("media <failed>"))]),
    entry(14, .adbreakend, offset: 0), entry(14, .timeupdate), entry(20, .timeupdate, content: 6),
    entry(20, .seeking, content: 6), entry(20, .seeked, content: 90), entry(30, .timeupdate, content: 100),
  ]

  @Test func adsGetTheirOutcomes() {
    let timeline = RunTimeline(Self.log)
    #expect(timeline.ads.map(\.id) == ["a1", "a2", "a3", "m1"])
    #expect(timeline.ads.map(\.outcome) == [.played, .skipped, .failed, .seekedOver])
    #expect(timeline.ads.map(\.begin) == [0, 10, 13, 20])
    #expect(timeline.ads.map(\.end) == [10, 13, 14, nil])
    #expect(timeline.ads[2].error == "media <failed>")
    #expect(timeline.breaks.count == 1 && timeline.breaks[0].end == 14)
  }

  @Test func beaconsActionsErrorsAndRows() {
    let timeline = RunTimeline(Self.log)
    #expect(timeline.beacons.map(\.ad) == [0, 1])
    #expect(timeline.beacons.map(\.failed) == [false, true])
    #expect(timeline.actions.map(\.time) == [13])
    #expect(timeline.errors.map(\.text) == ["media <failed>"])
    // Every entry but the three timeupdates is a row of the table.
    #expect(timeline.rows.count == Self.log.count - 3)
    #expect(timeline.trace.points.last == .init(time: 30, content: 100))
  }

  @Test func aReplayedBreakPlaysItsAdAgain() {
    let timeline = RunTimeline([
      entry(0, .addad, ad: "m", offset: 30), entry(30, .adbreakbegin, offset: 30),
      entry(30, .adbegin, ad: "m", offset: 30), entry(40, .adend, ad: "m", offset: 30),
      entry(40, .adbreakend, offset: 30), entry(50, .adbreakbegin, offset: 30),
      entry(50, .adbegin, ad: "m", offset: 30),
      entry(
        51, .beacon, ad: "m",
        [("event", .string("start")), ("url", .string("https://t/b")), ("status", .number(204))]),
    ])
    #expect(timeline.ads.map(\.outcome) == [.played, .unfinished])
    #expect(timeline.ads.map(\.begin) == [30, 50])
    #expect(timeline.beacons.map(\.ad) == [1])
  }
}

import AdPlayer
import PlayerSeam
import Testing

/// A 2-hour VOD with a break of two 15 s ads every 10 minutes, driven by an action script that
/// seeks over a break, skips 6 s into an ad, tries to skip too early, and pauses in content and
/// in an ad. The log is exact and the same on every run.
@Suite struct VODScenarioTests {
  static let script = """
    ["play",
     {"at": 1000, "do": "seek", "to": 1300},
     {"at": 1506, "do": "skip"},
     {"at": 2000, "do": "pause"}, {"at": 2030, "do": "play"},
     {"at": 2125, "do": "pause"}, {"at": 2135, "do": "play"},
     {"at": 2734, "do": "skip"}]
    """

  /// Runs the scenario and returns the player (log kept) and how the run ended.
  static func runScenario() throws -> (Player, LoopOutcome, StitchedIntegration) {
    let player = Player(defaultTimeline: .vod(7200))
    let plan = stride(from: 0.0, to: 7200, by: 600).map { offset in
      StitchedIntegration.PlannedBreak(
        offset: offset, ads: [("b\(Int(offset))-a1", 15), ("b\(Int(offset))-a2", 15)])
    }
    let integration = StitchedIntegration(plan: plan, skipOffset: 5)
    try integration.register(on: player)
    player.setSource(
      try SourceDescription(
        jsonText: #"{"sources":{"src":"https://e.com/vod.m3u8","ssai":{"integration":"stitched"}}}"#))
    player.schedule(try ScriptedAction.script(jsonText: script))
    let outcome = player.run()
    return (player, outcome, integration)
  }

  @Test func theLogIsExactAndRepeatable() throws {
    let (player, outcome, integration) = try Self.runScenario()
    let (again, _, _) = try Self.runScenario()
    #expect(player.log.jsonLines == again.log.jsonLines)
    #expect(player.log.count == again.log.count)

    #expect(outcome == LoopOutcome(kind: .idle, reason: "content ended at 7200 s", time: 6931))
    let entries = player.log.entries
    let lines = entries.map(\.jsonLine)
    func count(_ kind: LogKind) -> Int { entries.filter { $0.kind == kind }.count }
    #expect(count(.adbreakbegin) == 11)
    #expect(count(.adbreakend) == 11)
    #expect(count(.adbegin) == 22)
    #expect(count(.adend) == 21)
    #expect(count(.adskip) == 1)
    #expect(count(.adfirstquartile) == 22)  // the skipped ad played past its first quartile
    #expect(count(.aderror) == 0)
    #expect(!entries.contains { $0.adId?.hasPrefix("b1200-") == true && $0.kind != .addad })
    #expect(
      integration.slots.filter { $0.ad.adBreak?.timeOffset == 1200 }.allSatisfy { $0.ad.state == .scheduled })

    let seek = try #require(lines.firstIndex(of: #"{"t":1000,"type":"action","do":"seek","to":1300}"#))
    #expect(
      Array(lines[seek...].prefix(4)) == [
        #"{"t":1000,"type":"action","do":"seek","to":1300}"#,
        #"{"t":1000,"type":"seeking","currentTime":1300}"#,
        #"{"t":1000,"type":"timeupdate","currentTime":1300}"#,
        #"{"t":1000,"type":"seeked","currentTime":1300}"#,
      ])

    let skip = try #require(
      lines.firstIndex(of: #"{"t":1506,"type":"action","ad":{"id":"b1800-a1"},"do":"skip"}"#))
    #expect(
      Array(lines[skip...].prefix(6)) == [
        #"{"t":1506,"type":"action","ad":{"id":"b1800-a1"},"do":"skip"}"#,
        #"{"t":1506,"type":"adskip","ad":{"id":"b1800-a1"},"adBreak":{"timeOffset":1800},"playedPercentage":0.4}"#,
        #"{"t":1506,"type":"seeking","currentTime":1815}"#,
        #"{"t":1506,"type":"timeupdate","currentTime":1815}"#,
        #"{"t":1506,"type":"adbegin","ad":{"id":"b1800-a2"},"adBreak":{"timeOffset":1800}}"#,
        #"{"t":1506,"type":"seeked","currentTime":1815}"#,
      ])
    #expect(lines.contains(#"{"t":1521,"type":"adbreakend","adBreak":{"timeOffset":1800}}"#))
    #expect(lines.contains(#"{"t":2125,"type":"pause","currentTime":2404}"#))
    #expect(
      lines.contains(#"{"t":2146,"type":"adend","ad":{"id":"b2400-a1"},"adBreak":{"timeOffset":2400}}"#))
    #expect(
      lines.contains(
        #"{"t":2734,"type":"action","ad":{"id":"b3000-a1"},"do":"skip","result":"not yet skippable","skippableIn":2}"#
      ))
    #expect(
      Array(lines.suffix(3)) == [
        #"{"t":6931,"type":"timeupdate","currentTime":7200}"#,
        #"{"t":6931,"type":"pause","currentTime":7200}"#,
        #"{"t":6931,"type":"ended","currentTime":7200}"#,
      ])
    #expect(player.ended)
  }
}

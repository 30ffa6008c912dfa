import Foundation
import LoopbackHTTP
import Testing

/// The rest of the expectation kinds of `adhost test`, each against a deliberately broken run.
@Suite struct TestExpectationTests {
  func line(_ fixture: ScenarioFixture) async -> (code: Int32, line: String) {
    let run = await adhost(["test", fixture.folder])
    return (run.code, run.output.split(separator: "\n").first.map(String.init) ?? run.errors)
  }

  @Test func aBeaconNobodyExpectedFailsNoOtherBeacons() async throws {
    let fixture = try ScenarioFixture()
    try fixture.scenario("extra", beacons: ScenarioFixture.correctBeacons + [(9, "pause")])
    let (code, line) = await line(fixture)
    #expect(code == 1)
    #expect(
      line.hasPrefix(
        "FAIL \(fixture.folder)/extra.scenario.json: noOtherBeacons: expected no other beacons, "), "\(line)")
    #expect(line.contains("got beacon pause ad a1 break@1 "), "\(line)")
    #expect(line.contains("/t/pause?ad=a1 at 9 s"), "\(line)")
  }

  @Test func aBeaconAtTheWrongContentTimeFails() async throws {
    let fixture = try ScenarioFixture()
    // The ad is stitched: the content plays on while it plays, so at 6 s the content is at 6 s.
    try fixture.scenario(
      "content", members: #""beacons": [{"event": "midpoint", "contentTime": 5, "tolerance": 0.5}]"#)
    let (code, line) = await line(fixture)
    #expect(code == 1)
    #expect(
      line.hasPrefix(
        "FAIL \(fixture.folder)/content.scenario.json: beacons[0]: expected beacon midpoint break@1 at content time 5 s (±0.5 s), "
          + "got beacon midpoint ad a1 break@1 "), "\(line)")
    #expect(line.contains("/t/midpoint?ad=a1 at 6 s (content time 6 s)"), "\(line)")
    try fixture.scenario("content", members: #""beacons": [{"event": "midpoint", "contentTime": 6}]"#)
    #expect(await self.line(fixture).code == 0)
  }

  /// Counts requests across the server's threads.
  final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func next() -> Int {
      lock.withLock {
        count += 1; return count
      }
    }
  }

  /// A fixture whose first start beacon fails (503) and later ones succeed, with a scenario
  /// that expects one start beacon at 1 s; the plugin sends start at 1 s and at `again`.
  func retrying(again: [Double]) async throws -> RunResult {
    let fixture = try ScenarioFixture()
    let starts = Counter()
    fixture.server.route("/t/start") { _ in LoopbackResponse(status: starts.next() == 1 ? 503 : 204) }
    try fixture.scenario(
      "retry", beacons: ScenarioFixture.correctBeacons + again.map { ($0, "start") },
      members: #""beacons": [{"event": "start", "ad": "a1", "at": 1}], "strict": false"#)
    return await adhost(["test", fixture.folder])
  }

  @Test func aFailedBeaconSentAgainCountsOnce() async throws {
    let retried = try await retrying(again: [2])
    #expect(retried.code == 0, "\(retried.output)")
    // A third start, after the retry succeeded, is a doubled beacon.
    let doubled = try await retrying(again: [2, 3])
    #expect(doubled.code == 1)
    #expect(
      doubled.output.contains("beacons[0]: expected 1 beacon start ad a1 break@1 at 1 s, got 2: "),
      "\(doubled.output)")
    #expect(
      doubled.output.contains("/t/start?ad=a1 at 1 s; beacon start ad a1 break@1 "), "\(doubled.output)")
    #expect(doubled.output.contains("/t/start?ad=a1 at 3 s"), "\(doubled.output)")
  }

  @Test func fieldsOfAnEventMustMatch() async throws {
    let fixture = try ScenarioFixture()
    try fixture.scenario(
      "fields", members: #""events": [{"type": "beacon", "fields": {"event": "complete", "status": 200}}]"#)
    let (code, line) = await line(fixture)
    #expect(code == 1)
    // The beacon that matches the most of the fields is named, with the field that differs.
    #expect(
      line.hasPrefix(
        "FAIL \(fixture.folder)/fields.scenario.json: events[0]: expected beacon event=complete status=200, "
          + "got none; nearest: beacon complete ad a1 break@1 http://"), "\(line)")
    #expect(line.hasSuffix("/t/complete?ad=a1 at 11 s, where status=204 (expected 200)"), "\(line)")
  }

  @Test func anEventOfATypeThatNeverHappenedHasNoNearest() async throws {
    let fixture = try ScenarioFixture()
    try fixture.scenario("cue", members: #""events": [{"type": "cue", "fields": {"id": "splice-1"}}]"#)
    let (code, line) = await line(fixture)
    #expect(code == 1)
    #expect(
      line == "FAIL \(fixture.folder)/cue.scenario.json: events[0]: expected cue id=splice-1, got none",
      "\(line)")
  }
}

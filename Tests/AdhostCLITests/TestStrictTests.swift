import Foundation
import Testing

/// `adhost test` checks the strict rules of every scenario, and fails a replay that makes a
/// request its recording does not answer.
@Suite struct TestStrictTests {
  func line(_ fixture: ScenarioFixture) async -> (code: Int32, line: String) {
    let run = await adhost(["test", fixture.folder])
    return (run.code, run.output.split(separator: "\n").first.map(String.init) ?? run.errors)
  }

  /// A first quartile 4 s into a 10 s ad, with no beacon expectation to catch it.
  static let lateQuartile = ScenarioFixture.correctBeacons.map { $0.1 == "firstQuartile" ? (5, $0.1) : $0 }

  @Test func aStrictRuleBrokenFailsTheScenario() async throws {
    let fixture = try ScenarioFixture()
    try fixture.scenario("late", beacons: Self.lateQuartile, members: #""exit": 0"#)
    let (code, line) = await line(fixture)
    #expect(code == 1)
    #expect(
      line.hasPrefix(
        "FAIL \(fixture.folder)/late.scenario.json: strict: error: quartile-time at 5 s, ad \"a1\" (break at 1 s): "
          + "firstQuartile beacon 4 s into the ad, due at 2.5 s (25 % of 10 s)"), "\(line)")
  }

  @Test func aScenarioTurnsARuleOffOrWidensTheStep() async throws {
    let fixture = try ScenarioFixture()
    try fixture.scenario("off", beacons: Self.lateQuartile, members: #""strict": {"off": ["quartile-time"]}"#)
    try fixture.scenario("wide", beacons: Self.lateQuartile, members: #""strict": {"progressStep": 2}"#)
    try fixture.scenario("none", beacons: Self.lateQuartile, members: #""strict": false"#)
    let run = await adhost(["test", fixture.folder])
    #expect(run.code == 0, "\(run.output)")
    #expect(run.output.hasSuffix("3 passed, 0 failed\n"))
  }

  @Test func anUnknownRuleIsAScenarioError() async throws {
    let fixture = try ScenarioFixture()
    try fixture.scenario("bad", members: #""strict": {"off": ["quartile-tim"]}"#)
    let (_, line) = await line(fixture)
    #expect(line.contains("bad.scenario.json: strict.off[0]: expected a strict rule's id ("), "\(line)")
    #expect(line.hasSuffix(#"found "quartile-tim""#), "\(line)")
  }

  @Test func anExpectedAdErrorBreaksNoStrictRule() async throws {
    let fixture = try ScenarioFixture()
    try fixture.scenario("expected", errors: [5], members: #""errors": [{"message": "broken at 5*"}]"#)
    let (code, line) = await line(fixture)
    #expect(code == 0, "\(line)")
  }

  @Test func anUnmatchedOfflineRequestFailsNamingItsURLAndTime() async throws {
    let fixture = try ScenarioFixture()
    let recording = fixture.scratch.folder.appendingPathComponent("rec")
    try FileManager.default.createDirectory(at: recording, withIntermediateDirectories: true)
    let answered = ScenarioFixture.correctBeacons.filter { $0.1 != "midpoint" }.map { beacon in
      let url = "https://t.example/t/\(beacon.1)?ad=a1"
      return #"{"key": "GET \#(url)", "method": "GET", "url": "\#(url)", "status": 204}"#
    }
    try fixture.scratch.write(
      "rec/index.json", #"{"version": 1, "exchanges": [\#(answered.joined(separator: ","))]}"#)
    let scenario = { (name: String, extra: String) in
      try fixture.scratch.write(
        "\(name).scenario.json",
        """
        {"plugin": "plugin.lua", "offline": "rec", \(extra)
         "source": {"sources": [{"src": "https://cdn.example/c.m3u8", "ssai": {"integration": "t",
           "base": "https://t.example", "beacons": [[1, "impression"], [6, "midpoint"]]}}], "duration": 20}}
        """)
    }
    try scenario("unmatched", "")
    try scenario("allowed", #""allowUnmatched": true,"#)
    let run = await adhost(["test", fixture.folder])
    let lines = run.output.split(separator: "\n").map(String.init)
    #expect(run.code == 1)
    #expect(
      lines.first?.hasPrefix(
        "FAIL \(fixture.folder)/allowed.scenario.json: strict: error: beacon-answered at 6 s, ad \"a1\": midpoint beacon "
          + "https://t.example/t/midpoint?ad=a1 failed") == true, "\(run.output)")
    let json = await adhost(["test", fixture.folder, "--filter", "allowed", "--json"])
    #expect(
      json.output.contains(
        #"{"expectation":"strict","message":"error: offline-answered at 6 s: no recorded answer for GET https://t.example/t/midpoint?ad=a1 [offline-unmatched at 6 s]"}"#
      ), "\(json.output)")
    #expect(
      lines.dropFirst().first?.hasPrefix(
        "FAIL \(fixture.folder)/unmatched.scenario.json: exit: expected exit code 0, got 1 (the run stopped at 20 s): "
          + "1 request matched nothing in the recording ") == true, "\(run.output)")
    #expect(
      lines.dropFirst().first?.contains("1× GET https://t.example/t/midpoint?ad=a1") == true, "\(run.output)")
  }
}

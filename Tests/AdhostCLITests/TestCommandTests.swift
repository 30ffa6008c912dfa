import Foundation
import Testing

/// `adhost test` fails a deliberately broken run with a message that names the scenario, the
/// expectation, the ad or break, the event and the time.
@Suite struct TestCommandTests {
  /// Runs `adhost test` on the fixture's folder and returns the one scenario line.
  func failure(_ fixture: ScenarioFixture) async -> (code: Int32, line: String) {
    let run = await adhost(["test", fixture.folder, "-j", "1"])
    let lines = run.output.split(separator: "\n").map(String.init)
    return (run.code, lines.first ?? run.errors)
  }

  @Test func theCorrectRunPasses() async throws {
    let fixture = try ScenarioFixture()
    try fixture.scenario("good")
    let run = await adhost(["test", fixture.folder])
    #expect(run.code == 0, "\(run.output)\(run.errors)")
    #expect(run.output == "PASS \(fixture.folder)/good.scenario.json\n1 passed, 0 failed\n")
  }

  @Test func aDroppedBeaconFails() async throws {
    let fixture = try ScenarioFixture()
    try fixture.scenario("dropped", beacons: ScenarioFixture.correctBeacons.filter { $0.1 != "midpoint" })
    let (code, line) = await failure(fixture)
    #expect(code == 1)
    #expect(
      line.hasPrefix(
        "FAIL \(fixture.folder)/dropped.scenario.json: beacons[3]: expected 1 beacon midpoint ad a1 "
          + "url */t/midpoint?ad=a1 at 6 s, got none"), "\(line)")
  }

  @Test func aDoubledBeaconFailsNamingBothTimes() async throws {
    let fixture = try ScenarioFixture()
    try fixture.scenario("doubled", beacons: ScenarioFixture.correctBeacons + [(7, "midpoint")])
    let (code, line) = await failure(fixture)
    #expect(code == 1)
    #expect(line.contains("doubled.scenario.json: beacons[3]: expected 1 beacon midpoint ad a1"), "\(line)")
    #expect(line.contains("at 6 s, got 2: beacon midpoint ad a1 break@1 "), "\(line)")
    #expect(line.contains("/t/midpoint?ad=a1 at 6 s; beacon midpoint ad a1 break@1 "), "\(line)")
    #expect(line.contains("/t/midpoint?ad=a1 at 7 s"), "\(line)")
  }

  @Test func aBeaconAtTheWrongTimeFails() async throws {
    let fixture = try ScenarioFixture()
    let late = ScenarioFixture.correctBeacons.map { $0.1 == "firstQuartile" ? (5, $0.1) : $0 }
    try fixture.scenario("late", beacons: late)
    let (code, line) = await failure(fixture)
    #expect(code == 1)
    #expect(
      line.contains(
        "late.scenario.json: beacons[2]: expected beacon firstQuartile ad a1 break@1 at 3.5 s, got beacon firstQuartile ad a1 break@1 "
      ),
      "\(line)")
    #expect(line.contains("/t/firstQuartile?ad=a1 at 5 s"), "\(line)")
  }

  @Test func anUnexpectedAdErrorFails() async throws {
    let fixture = try ScenarioFixture()
    try fixture.scenario("error", errors: [5])
    let (code, line) = await failure(fixture)
    #expect(code == 1)
    #expect(line.contains("error.scenario.json: errors: unexpected aderror"), "\(line)")
    #expect(line.contains("\"broken at 5\" at 5 s"), "\(line)")
  }

  @Test func anExpectedAdErrorPassesAndAMissingOneFails() async throws {
    let fixture = try ScenarioFixture()
    let expected = ScenarioFixture.expectations + #", "errors": [{"message": "broken at *", "count": 1}]"#
    try fixture.scenario("expected", errors: [5], members: expected)
    try fixture.scenario("missing", errors: [], members: expected)
    let run = await adhost(["test", fixture.folder])
    #expect(run.code == 1)
    let lines = run.output.split(separator: "\n").map(String.init)
    #expect(lines.count == 3, "\(run.output)")
    #expect(lines.first == "PASS \(fixture.folder)/expected.scenario.json", "\(run.output)")
    #expect(
      lines.dropFirst().first
        == "FAIL \(fixture.folder)/missing.scenario.json: errors[0]: expected 1 aderror \"broken at *\", got none",
      "\(run.output)")
    #expect(lines.last == "1 passed, 1 failed")
  }

  @Test func eventsInTheWrongOrderFail() async throws {
    let fixture = try ScenarioFixture()
    try fixture.scenario(
      "order",
      members: #""events": [{"type": "adend", "ad": "a1"}, {"type": "adbegin", "ad": "a1"}]"#)
    let (code, line) = await failure(fixture)
    #expect(code == 1)
    #expect(
      line
        == "FAIL \(fixture.folder)/order.scenario.json: events[1]: expected adbegin ad a1 after events[0] "
        + "(adend ad a1 break@1 at 11 s), got it only before: adbegin ad a1 break@1 at 1 s", "\(line)")
  }

  @Test func anEventThatMustNotHappenFails() async throws {
    let fixture = try ScenarioFixture()
    try fixture.scenario("absent", members: #""noEvents": [{"type": "adend", "ad": "a1"}]"#)
    let (_, line) = await failure(fixture)
    #expect(
      line
        == "FAIL \(fixture.folder)/absent.scenario.json: noEvents[0]: expected no adend ad a1, got adend ad a1 break@1 at 11 s",
      "\(line)")
  }

  @Test func theWrongExitCodeFails() async throws {
    let fixture = try ScenarioFixture()
    try fixture.scenario("exit", members: #""exit": 1"#)
    let (code, line) = await failure(fixture)
    #expect(code == 1)
    #expect(
      line
        == "FAIL \(fixture.folder)/exit.scenario.json: exit: expected exit code 1, got 0 (the run stopped at 20 s)",
      "\(line)")
  }

  @Test func anInvalidScenarioNamesTheFileAndJSONPath() async throws {
    let fixture = try ScenarioFixture()
    try fixture.scenario("invalid", members: #""beacons": [{"event": "start", "count": "two"}]"#)
    let (code, line) = await failure(fixture)
    #expect(code == 1)
    #expect(
      line
        == "FAIL \(fixture.folder)/invalid.scenario.json: invalid scenario: \(fixture.folder)/invalid.scenario.json: "
        + "beacons[0].count: expected a whole number ≥ 0, found a string", "\(line)")
  }

  /// Numbers out of range are shown as found, with the unit the member has.
  @Test(arguments: [
    (#""budgets": {"memory": -1}"#, "budgets.memory: expected a number of MiB ≥ 0, found -1"),
    (
      #""budgets": {"instructions": 1e300}"#,
      "budgets.instructions: expected a whole number from 0 to 999999999, found 1e+300"
    ),
    (#""budgets": {"runSeconds": -2}"#, "budgets.runSeconds: expected a number of seconds ≥ 0, found -2"),
    (#""events": [{"type": "play", "at": -1}]"#, "events[0].at: expected a number of seconds ≥ 0, found -1"),
    (
      #""noEvents": [{"type": "adbegun"}]"#,
      "noEvents[0].type: expected the type of a log entry (adbegin, beacon, request, …), found \"adbegun\""
    ),
    (
      #""beacons": [{"event": "start", "count": -1}]"#,
      "beacons[0].count: expected a whole number ≥ 0, found -1"
    ),
  ])
  func aNumberOutOfRangeIsShownWithItsUnit(members: String, expected: String) async throws {
    let fixture = try ScenarioFixture()
    try fixture.scenario("invalid", members: members)
    let (code, line) = await failure(fixture)
    #expect(code == 1)
    #expect(line.hasSuffix("invalid.scenario.json: " + expected), "\(line)")
  }

  /// `budgets.runSeconds` is the run's CPU budget (`--run-seconds`): a plugin that is cheap per
  /// call but never ends is stopped, and the scenario expecting that exit (and the callback's
  /// error) passes.
  @Test func aScenarioSetsTheRunsTimeBudget() async throws {
    let fixture = try ScenarioFixture()
    let plugin = try fixture.scratch.write(
      "endless.lua",
      """
      player.ads:registerServerSideIntegration("e", function(controller)
        return { setSource = function()
          timer.every(0.001, function() local x = 0 for i = 1, 50000 do x = x + i end end)
          return true
        end }
      end)
      """)
    try fixture.scratch.write(
      "endless.scenario.json",
      """
      {"plugin": "\(plugin)", "until": 604800, "budgets": {"runSeconds": 0.2}, "exit": 1,
       "errors": [{"message": "*run time budget exceeded (0.2 s of plugin time in all calls)"}],
       "source": {"sources": [{"src": "https://cdn.example/c.m3u8", "ssai": {"integration": "e"}}],
                  "duration": 20}}
      """)
    let run = await adhost(["test", fixture.folder + "/endless.scenario.json"])
    #expect(run.code == 0, "\(run.output)\(run.errors)")
  }
}

import Foundation
import LoopbackHTTP
import TestFiles
import Testing

/// A tracking vocabulary declared in a folder's `scenarios.json` or by the plugin
/// (`controller:declareTracking`): a 404 it calls harmless passes `beacon-answered`, an
/// undeclared one still fails; the vocabulary is printed in every result (text, JSON, JUnit,
/// HTML); a scenario narrows it and cannot widen it.
@Suite struct TrackingVocabularyTests {
  /// ScenarioFixture's correct run, its midpoint beacon answered 404.
  private func fixture() throws -> ScenarioFixture {
    let fixture = try ScenarioFixture()
    fixture.server.fallback { request in
      guard request.path.hasPrefix("/t/") else { return .notFound }
      return LoopbackResponse(status: request.path == "/t/midpoint" ? 404 : 204)
    }
    return fixture
  }

  /// The fixture's plugin, declaring `lua` (a Lua table) as it registers.
  private func declaring(_ fixture: ScenarioFixture, _ lua: String) throws {
    let start = try #require(ScenarioFixture.plugin.range(of: "return {\n"))
    let plugin = ScenarioFixture.plugin.replacingCharacters(
      in: start, with: "controller:declareTracking(\(lua))\n  return {\n")
    try fixture.scratch.write("plugin.lua", plugin)
  }

  @Test func anUndeclared404FailsBeaconAnswered() async throws {
    let fixture = try fixture()
    try fixture.scenario("play")
    let run = await adhost(["test", fixture.folder])
    #expect(run.code == 1)
    #expect(run.output.contains("beacon-answered"), "\(run.output)")
    #expect(run.output.contains("answered 404, not 2xx"), "\(run.output)")
    // Nothing declared: the text line is left out, the JSON has the vocabulary all the same.
    #expect(!run.output.contains("tracking vocabulary"), "\(run.output)")
    let json = await adhost(["test", fixture.folder, "--json"])
    #expect(
      json.output.contains(
        #""tracking":{"impressionEvents":[],"harmlessAnswers":[],"declaredBy":[],"narrowed":false}"#),
      "\(json.output)")
  }

  @Test func aFolderDeclaresAndEveryResultPrintsIt() async throws {
    let fixture = try fixture()
    try fixture.scenario("play")
    try fixture.scratch.write(
      "scenarios.json",
      #"{"tracking": {"harmlessAnswers": [{"status": 404, "host": "127.0.0.1", "why": "already fired"}]}}"#)
    let report = fixture.scratch.folder.appendingPathComponent("report").path
    let junit = fixture.scratch.folder.appendingPathComponent("junit.xml").path
    let run = await adhost(["test", fixture.folder, "--report", report, "--junit", junit])
    #expect(run.code == 0, "\(run.output)")
    let line =
      "tracking vocabulary: impression events: impression; harmless answers: 404 from 127.0.0.1 (already fired) "
      + "(declared by scenarios.json)"
    #expect(run.output.contains("\n  " + line + "\n"), "\(run.output)")
    let xml = try String(contentsOfFile: junit, encoding: .utf8)
    #expect(
      xml.contains(#"<property name="tracking vocabulary" value="impression events: impression; "#), "\(xml)")
    let pages = try FileManager.default.contentsOfDirectory(atPath: report).filter { $0 != "index.html" }
    let page = try String(contentsOfFile: report + "/" + (pages.first ?? ""), encoding: .utf8)
    #expect(page.contains(line), "\(page)")
    let json = await adhost(["test", fixture.folder, "--json"])
    #expect(
      json.output.contains(
        #""tracking":{"impressionEvents":[],"harmlessAnswers":[{"status":404,"host":"127.0.0.1","why":"already fired"}],"#
          + #""declaredBy":["scenarios.json"],"narrowed":false}"#), "\(json.output)")
  }

  @Test func thePluginDeclares() async throws {
    let fixture = try fixture()
    try declaring(fixture, #"{ impressionEvents = { "start" }, harmlessAnswers = { { status = 404 } } }"#)
    try fixture.scenario("play")
    let run = await adhost(["test", fixture.folder])
    #expect(run.code == 0, "\(run.output)")
    #expect(
      run.output.contains(
        "tracking vocabulary: impression events: impression, start; harmless answers: 404 from any host "
          + "(declared by plugin)"), "\(run.output)")
  }

  /// A scenario keeps none of the plugin's leniencies: the 404 fails again; one that keeps what
  /// nobody declared fails naming it.
  @Test func aScenarioNarrowsButCannotWiden() async throws {
    let fixture = try fixture()
    try declaring(fixture, #"{ harmlessAnswers = { { status = 404 } } }"#)
    try fixture.scenario(
      "strict", members: ScenarioFixture.expectations + #", "tracking": {"harmlessAnswers": []}"#)
    let narrowed = await adhost(["test", fixture.folder])
    #expect(narrowed.code == 1)
    #expect(narrowed.output.contains("beacon-answered"), "\(narrowed.output)")
    #expect(
      narrowed.output.contains(
        "tracking vocabulary: impression events: impression; harmless answers: none (declared by plugin; "
          + "narrowed by the scenario)"), "\(narrowed.output)")
    try fixture.scenario(
      "strict",
      members: ScenarioFixture.expectations
        + #", "tracking": {"harmlessAnswers": [{"status": 404, "host": "127.0.0.1"}, {"status": 500}]}"#)
    let widened = await adhost(["test", fixture.folder])
    #expect(widened.code == 1)
    #expect(
      widened.output.contains(
        "tracking: keeps harmless answer 500 from any host, which neither scenarios.json nor the plugin declares"
      ),
      "\(widened.output)")
  }

  /// A plugin's bad declaration fails its registration (65), naming the member as Lua counts.
  @Test func aPluginsBadDeclarationNamesTheMember() async throws {
    let fixture = try fixture()
    try declaring(
      fixture, #"{ impressionEvents = { "start" }, harmlessAnswers = { { status = 404 }, { status = 99 } } }"#
    )
    let source = try fixture.scratch.source(duration: 20, ssai: #"{"integration": "t", "beacons": []}"#)
    let run = await adhost(["run", fixture.pluginPath, source])
    #expect(run.code == 65, "\(run.errors)")
    #expect(
      run.errors.contains(
        "declareTracking: vocabulary.harmlessAnswers[2].status: expected a whole number from 100 to 599, found 99"
      ),
      "\(run.errors)")
  }

  @Test func aBadDeclarationIsAnErrorNamingTheMember() async throws {
    let fixture = try fixture()
    try fixture.scenario("play")
    try fixture.scratch.write("scenarios.json", #"{"tracking": {"harmlessAnswers": [{"status": 99}]}}"#)
    let run = await adhost(["test", fixture.folder])
    #expect(run.code == 1)
    #expect(
      run.output.contains(
        "tracking.harmlessAnswers[0].status: expected a whole number from 100 to 599, found 99"),
      "\(run.output)")
  }
}

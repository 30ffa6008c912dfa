import Foundation
import TestFiles
import Testing

/// `adhost run --strict` and `adhost test` with the rule catalogue's settings: each violation
/// with its severity, `--config FILE` (the file `adhost check` reads) turning a rule off or
/// changing its severity, `--fail-on`, and `adhost run --sarif`.
@Suite struct StrictConfigTests {
  static let doubledQuartile = wellPlayedAd + #"at(1.5, function() send("firstQuartile") end)"#

  func config(_ json: String) throws -> (scratch: Scratch, path: String) {
    let scratch = try Scratch()
    return (scratch, try scratch.write("rules.json", json))
  }

  @Test func eachViolationPrintsItsSeverity() async throws {
    let run = try await strictRun(Self.doubledQuartile)
    #expect(run.code == 1)
    #expect(
      run.violations.first?.hasPrefix(#"strict  error  beacon-once at 1.5 s, ad "a1""#) == true,
      "\(run.output)")
    #expect(
      run.errors.contains("adhost run: --strict: 1 violation(s) of beacon-once (1 error)"), "\(run.errors)")
    let json = try await strictRun(Self.doubledQuartile, arguments: ["--json"])
    #expect(json.events("violation").first?["severity"] as? String == "error")
  }

  @Test func theConfigTurnsARuleOff() async throws {
    let file = try config(#"{"rules": {"beacon-once": "off"}}"#)
    let run = try await strictRun(Self.doubledQuartile, arguments: ["--config", file.path])
    #expect(run.code == 0, "\(run.output)\n\(run.errors)")
    #expect(run.violations.isEmpty)
  }

  @Test func aWarningFailsOnlyWithFailOnWarning() async throws {
    let file = try config(#"{"rules": {"beacon-once": "warning"}}"#)
    let run = try await strictRun(Self.doubledQuartile, arguments: ["--config", file.path])
    #expect(run.code == 0, "\(run.output)\n\(run.errors)")
    #expect(run.violations.first?.hasPrefix("strict  warning  beacon-once at 1.5 s") == true, "\(run.output)")
    let failing = try await strictRun(
      Self.doubledQuartile, arguments: ["--config", file.path, "--fail-on", "warning"])
    #expect(failing.code == 1)
  }

  @Test func aMacroLeftUnfilledIsAWarningOfItsOwnRule() async throws {
    let script = wellPlayedAd + #"at(2, function() send("progress", "progress?cb=%%CACHEBUSTER%%") end)"#
    let run = try await strictRun(script)
    #expect(run.code == 0, "\(run.output)\n\(run.errors)")
    #expect(run.violations.count == 1)
    #expect(
      run.violations.first?.contains("strict  warning  beacon-macro-filled at 2 s, ad \"a1\"") == true,
      "\(run.output)")
    #expect(run.violations.first?.contains("left the macro %%CACHEBUSTER%% unfilled") == true)
    #expect(try await strictRun(script, arguments: ["--fail-on", "warning"]).code == 1)
  }

  @Test func theBeaconLogNamesTheMacrosSentAsMinusOne() async throws {
    let run = try await strictRun(
      wellPlayedAd
        + #"at(5, function() beacon.send(base .. "/late?ap=[ADPLAYHEAD]&cp=[CONTENTPLAYHEAD]", "late") end)"#,
      arguments: ["--json"])
    let late = try #require(run.events("beacon").first { $0["event"] as? String == "late" })
    #expect(late["macrosUnknown"] as? [String] == ["ADPLAYHEAD"], "\(late)")
    // No ad played at 5 s: its playhead was unknown, and -1 is right.
    #expect(run.events("violation").isEmpty, "\(run.output)")
    #expect(run.events("beacon").filter { $0["macrosUnknown"] != nil }.count == 1)
  }

  @Test func aBadConfigNamesTheFileAndTheJSONPath() async throws {
    let file = try config(#"{"rules": {"beacon-onc": "off"}}"#)
    let run = try await strictRun(wellPlayedAd, arguments: ["--config", file.path])
    #expect(run.code == 64)
    #expect(
      run.errors.contains("--config: \(file.path): rules.beacon-onc: no rule has this id"), "\(run.errors)")
    let level = try config(#"{"rules": {"beacon-once": "fatal"}}"#)
    let bad = try await strictRun(wellPlayedAd, arguments: ["--config", level.path])
    #expect(
      bad.errors.contains("\(level.path): rules.beacon-once: expected error, warning, info or off"),
      "\(bad.errors)")
    let scratch = try Scratch()
    let source = try scratch.source(duration: 1)
    let plugin = try scratch.write("p.lua", "")
    let without = await adhost(["run", plugin, source, "--config", file.path])
    #expect(without.code == 64 && without.errors.contains("--config needs --strict"), "\(without.errors)")
  }
}

/// `adhost test --config FILE --fail-on LEVEL`: the file's rules off add to every scenario's
/// `strict.off`, its severities decide what fails.
@Suite struct TestConfigTests {
  @Test func theConfigAddsToStrictOffAndSetsSeverities() async throws {
    let fixture = try ScenarioFixture()
    try fixture.scenario("late", beacons: TestStrictTests.lateQuartile, members: #""exit": 0"#)
    let off = try fixture.scratch.write("off.json", #"{"rules": {"quartile-time": "off"}}"#)
    let passed = await adhost(["test", fixture.folder + "/late.scenario.json", "--config", off])
    #expect(passed.code == 0, "\(passed.output)")
    let warning = try fixture.scratch.write("warning.json", #"{"rules": {"quartile-time": "warning"}}"#)
    let warned = await adhost(["test", fixture.folder + "/late.scenario.json", "--config", warning])
    #expect(warned.code == 0, "\(warned.output)")
    let failed = await adhost([
      "test", fixture.folder + "/late.scenario.json", "--config", warning, "--fail-on", "warning",
    ])
    #expect(failed.code == 1)
    #expect(
      failed.output.contains("late.scenario.json: strict: warning: quartile-time at 5 s"), "\(failed.output)")
    let bad = try fixture.scratch.write("bad.json", #"{"rules": {"quartile": "off"}}"#)
    let refused = await adhost(["test", fixture.folder, "--config", bad])
    #expect(
      refused.code == 64 && refused.errors.contains("\(bad): rules.quartile: no rule has this id"),
      "\(refused.errors)")
  }
}

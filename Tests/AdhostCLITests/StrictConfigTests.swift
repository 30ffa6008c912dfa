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

/// `adhost run --sarif FILE`: the violations as a SARIF 2.1.0 log, placed in the plugin.
@Suite struct StrictSARIFTests {
  @Test func theViolationsAreAValidSARIFLog() async throws {
    let scratch = try Scratch()
    let log = scratch.folder.appendingPathComponent("run.sarif").path
    let run = try await strictRun(StrictConfigTests.doubledQuartile, arguments: ["--sarif", log])
    #expect(run.code == 1)
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: log)))
    let sarif = try #require(object as? [String: Any])
    #expect(sarif["version"] as? String == "2.1.0")
    let first = try #require((sarif["runs"] as? [[String: Any]])?.first)
    #expect(
      ((first["tool"] as? [String: Any])?["driver"] as? [String: Any])?["name"] as? String == "adhost run")
    let result = try #require((first["results"] as? [[String: Any]])?.first)
    #expect(result["ruleId"] as? String == "beacon-once")
    #expect(result["level"] as? String == "error")
    let location = try #require(
      ((result["locations"] as? [[String: Any]])?.first?["physicalLocation"]) as? [String: Any])
    #expect(
      ((location["artifactLocation"] as? [String: Any])?["uri"] as? String)?.hasSuffix("plugin.lua") == true)
    #expect((location["region"] as? [String: Any])?["startLine"] as? Int == 1)
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else {
      print("note: no python3; the SARIF log was not validated against the schema")
      return
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = [repositoryRoot.appendingPathComponent("scripts/validate-sarif.sh").path, log]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(text)")
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

/// `adhost vast` prints its `issue:` lines from the rule catalogue: rule id and severity.
@Suite struct VASTIssueTests {
  /// A playable ad whose Impression URL is plain http (`url-http`, a warning, on line 6).
  static let httpImpression = """
    <VAST version="4.2">
      <Ad id="1">
        <InLine>
          <AdSystem>s</AdSystem>
          <AdTitle>t</AdTitle>
          <Impression><![CDATA[http://t.example/i]]></Impression>
          <AdServingId>x</AdServingId>
          <Creatives>
            <Creative>
              <UniversalAdId idRegistry="ad-id.org">u1</UniversalAdId>
              <Linear>
                <Duration>00:00:10</Duration>
                <MediaFiles>
                  <MediaFile delivery="progressive" type="video/mp4" width="640" height="360"><![CDATA[https://cdn.example/a.mp4]]></MediaFile>
                </MediaFiles>
              </Linear>
            </Creative>
          </Creatives>
        </InLine>
      </Ad>
    </VAST>
    """

  @Test func issuesComeFromTheCatalogue() async throws {
    let scratch = try Scratch()
    let path = try scratch.write("tag.xml", Self.httpImpression)
    let run = await adhost(["vast", path])
    #expect(run.code == 0, "\(run.output)\n\(run.errors)")
    #expect(
      run.output.contains("issue: line 6:7: warning [url-http] <Impression> URL is http: http://t.example/i"),
      "\(run.output)")
    let check = await adhost(["check", path])
    let issues = run.output.split(separator: "\n").filter { $0.hasPrefix("issue: ") }
    #expect(issues.count == check.output.split(separator: "\n").count - 1, "\(run.output)\n\(check.output)")
    let json = await adhost(["vast", path, "--json"])
    #expect(json.output.contains(#""rule" : "url-http""#), "\(json.output)")
    #expect(json.output.contains(#""severity" : "warning""#), "\(json.output)")
  }
}

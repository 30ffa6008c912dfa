import Testing

/// `adhost run --strict`: an ad played by the rules passes, and each way of breaking them fails
/// the run (exit 1) with the rule, the ad or break, the event and the time.
@Suite struct StrictRunTests {
  @Test func anAdPlayedByTheRulesPasses() async throws {
    let run = try await strictRun(wellPlayedAd)
    #expect(run.code == 0, "\(run.output)\n\(run.errors)")
    #expect(run.violations.isEmpty)
    #expect(run.output.contains("beacon  ad=a1  event=complete"))
  }

  @Test func aDoubledQuartileBeacon() async throws {
    let run = try await strictRun(wellPlayedAd + #"at(1.5, function() send("firstQuartile") end)"#)
    #expect(run.code == 1)
    #expect(
      run.violations == [
        #"strict  error  beacon-once at 1.5 s, ad "a1" (break at 0 s): firstQuartile fired again: it fired at 1 s "#
          + "[beacon firstQuartile (\(run.beaconURL("firstQuartile"))) at 1 s; "
          + "beacon firstQuartile (\(run.beaconURL("firstQuartile"))) at 1.5 s]"
      ])
    #expect(run.errors.contains("adhost run: --strict: 1 violation(s) of beacon-once"))
  }

  @Test func anUnexpectedAdError() async throws {
    let script = wellPlayedAd + #"at(1, function() controller:error("creative failed") end)"#
    let run = try await strictRun(script)
    #expect(run.code == 1)
    #expect(run.violations.count == 1)
    #expect(
      run.violations.first?.hasPrefix(
        #"strict  error  unexpected-aderror at 1 s, ad "a1" (break at 0 s): aderror: creative failed"#)
        == true)
    let expected = try await strictRun(script, arguments: ["--expect-error", "creative"])
    #expect(expected.code == 0 && expected.violations.isEmpty)
  }
}

extension StrictRunTests {
  @Test func withJSONEachViolationIsALineOfItsOwnKind() async throws {
    let run = try await strictRun(
      wellPlayedAd + #"at(2.5, function() send("skip") end)"#, arguments: ["--json"])
    #expect(run.code == 1)
    let violations = run.events("violation")
    #expect(violations.count == 1)
    let violation = violations.first ?? [:]
    #expect(violation["rule"] as? String == "skip-only-skipped")
    #expect(violation["t"] as? Double == 2.5)
    #expect((violation["ad"] as? [String: Any])?["id"] as? String == "a1")
    #expect((violation["adBreak"] as? [String: Any])?["timeOffset"] as? Double == 0)
    let events = violation["events"] as? [[String: Any]] ?? []
    #expect(events.map { $0["event"] as? String } == ["skip"])
    #expect(run.output.split(separator: "\n").last?.hasPrefix(#"{"t":2.5,"type":"violation""#) == true)
  }
}

extension RunResult {
  /// The URL a beacon of this event went to (from the readable log).
  func beaconURL(_ event: String) -> String {
    let line = output.split(separator: "\n").first { $0.contains("event=\(event)  url=") } ?? ""
    return line.components(separatedBy: "url=").last?.components(separatedBy: "  ").first ?? "?"
  }
}

import Foundation
import TestFiles
import Testing

/// One deliberately broken plugin per strict rule, through `adhost run --strict` in-process: the
/// run exits 1 and prints the rule, the ad or break, the event and the time.
@Suite struct StrictRuleTests {
  /// Expects exit 1 and exactly these violations (each line's start: rule, time, ad, message).
  private func expect(_ run: RunResult, _ starts: [String], sourceLocation: SourceLocation = #_sourceLocation)
  {
    #expect(run.code == 1, "\(run.output)\n\(run.errors)", sourceLocation: sourceLocation)
    #expect(run.violations.count == starts.count, "\(run.violations)", sourceLocation: sourceLocation)
    for (line, start) in zip(run.violations, starts) {
      #expect(line.hasPrefix("strict  error  " + start), "\(line)", sourceLocation: sourceLocation)
    }
  }

  @Test func anAdThatBeginsTwice() async throws {
    let run = try await strictRun(
      wellPlayedAd + "at(5, function() controller:beginAd(ad); controller:endAd(ad) end)")
    expect(
      run, [#"ad-begins-once at 5 s, ad "a1" (break at 0 s): adbegin again: the ad began at 0 s already"#])
  }

  @Test func anImpressionAfterTheStart() async throws {
    let script =
      wellPlayedAd.replacingOccurrences(of: #"send("impression"); send("start")"#, with: #"send("start")"#)
      + #"at(0.5, function() send("impression") end)"#
    expect(
      try await strictRun(script),
      [
        #"impression-before-start at 0 s, ad "a1" (break at 0 s): start beacon before any impression beacon"#,
        #"impression-before-start at 0.5 s, ad "a1" (break at 0 s): impression beacon after the start beacon of 0 s"#,
      ])
  }

  /// `impression-before-start` holds when the ad has no impression beacon at all (a server that
  /// counts the start as the impression, as Google DAI's media verification does).
  @Test func aStartWithoutAnyImpressionBreaksNoRule() async throws {
    let script = wellPlayedAd.replacingOccurrences(
      of: #"send("impression"); send("start")"#, with: #"send("start")"#)
    let run = try await strictRun(script)
    #expect(run.code == 0, "\(run.violations)")
    #expect(run.violations.isEmpty, "\(run.violations)")
  }

  /// Each ad created from VAST is logged with how many `<Impression>` URLs its VAST has
  /// (`vasttracking`), and the host fires them: OMNIBOX's example passes `impression-fired`.
  @Test func theVASTAdsImpressionURLsAreLoggedAndFired() async throws {
    let run = await adhost(ReportCommandTests.omnibox + ["--json", "--strict"])
    #expect(run.code == 0, "\(run.errors)")
    let tracked = run.events("vasttracking")
    #expect(!tracked.isEmpty)
    #expect(tracked.allSatisfy { ($0["impressions"] as? Double ?? 0) > 0 }, "\(tracked)")
    #expect(run.events("beacon").contains { $0["event"] as? String == "impression" })
  }

  @Test func aQuartileAtTheWrongTime() async throws {
    let script = wellPlayedAd.replacingOccurrences(of: "at(1, ", with: "at(2, ")
      .replacingOccurrences(
        of: "at(2, function() controller:updateAdProgress(ad, 0.5)",
        with: "at(2.25, function() controller:updateAdProgress(ad, 0.5)")
    expect(
      try await strictRun(script),
      [
        #"quartile-time at 2 s, ad "a1" (break at 0 s): adfirstquartile 2 s into the ad, due at 1 s (25 % of 4 s) ± 0.25 s"#,
        #"quartile-time at 2 s, ad "a1" (break at 0 s): firstQuartile beacon 2 s into the ad, due at 1 s"#,
      ])
  }

  @Test func quartileBeaconsOutOfOrder() async throws {
    let script = wellPlayedAd.replacingOccurrences(of: #"send("firstQuartile")"#, with: #"send("midpoint")"#)
      .replacingOccurrences(
        of: #"controller:updateAdProgress(ad, 0.5); send("midpoint")"#,
        with: #"controller:updateAdProgress(ad, 0.5); send("firstQuartile")"#)
    let run = try await strictRun(script)
    #expect(run.code == 1)
    #expect(
      run.violations.contains {
        $0.hasPrefix(
          #"strict  error  quartile-order at 2 s, ad "a1" (break at 0 s): firstQuartile beacon after the midpoint beacon"#
        )
      }, "\(run.violations)")
  }

  @Test func completeWithoutAThirdQuartile() async throws {
    let script = """
      at(0, function() controller:beginAd(ad); send("impression"); send("start") end)
      at(4, function() send("complete"); controller:endAd(ad) end)
      """
    expect(
      try await strictRun(script),
      [
        #"complete-after-third-quartile at 4 s, ad "a1" (break at 0 s): complete beacon before any third quartile"#
      ])
  }

  @Test func completeForASkippedAd() async throws {
    let script = """
      at(0, function() controller:beginAd(ad); send("impression"); send("start") end)
      at(1, function() controller:updateAdProgress(ad, 0.25); send("firstQuartile") end)
      at(2, function() send("skip"); send("complete"); controller:skipAd(ad) end)
      """
    expect(
      try await strictRun(script),
      [
        #"complete-after-third-quartile at 2 s, ad "a1" (break at 0 s): complete beacon before any third quartile"#,
        #"complete-only-at-end at 2 s, ad "a1" (break at 0 s): complete beacon for an ad skipped at 2 s"#,
      ])
  }

  @Test func completeForAnAdLeftEarly() async throws {
    let script = wellPlayedAd.replacingOccurrences(of: "at(4, ", with: "at(3.5, ")
    expect(
      try await strictRun(script),
      [#"complete-only-at-end at 3.5 s, ad "a1" (break at 0 s): complete beacon after 3.5 s of the ad's 4 s"#]
    )
  }

  @Test func noCompleteForAnAdPlayedToItsEnd() async throws {
    let script = wellPlayedAd.replacingOccurrences(of: #"send("complete"); "#, with: "")
    expect(
      try await strictRun(script),
      [
        #"complete-when-played-to-end at 4 s, ad "a1" (break at 0 s): no complete beacon, although the ad played 4 s of its 4 s"#
      ])
    // Skipped, or ended early, it owes no `complete`.
    let skipped = wellPlayedAd.replacingOccurrences(
      of: #"send("complete"); controller:endAd(ad)"#, with: "controller:skipAd(ad)")
    #expect(try await strictRun(skipped).violations.isEmpty)
  }

  @Test func aSkipBeaconForAnAdNotSkipped() async throws {
    let run = try await strictRun(wellPlayedAd + #"at(2.5, function() send("skip") end)"#)
    expect(
      run,
      [#"skip-only-skipped at 2.5 s, ad "a1" (break at 0 s): skip beacon for an ad that was not skipped"#])
  }

  @Test func aFailedBeacon() async throws {
    let run = try await strictRun(
      wellPlayedAd.replacingOccurrences(of: #"send("start")"#, with: #"send("start", "fail")"#))
    expect(run, [#"beacon-answered at 0 s, ad "a1": start beacon http://127.0.0.1:"#])
    #expect(run.violations.first?.contains("/fail answered 500, not 2xx") == true, "\(run.violations)")
  }

  @Test func aBreakLeftPlaying() async throws {
    let script = wellPlayedAd.replacingOccurrences(of: "controller:endAd(ad) end)", with: "end)")
    expect(
      try await strictRun(script),
      [
        #"break-left-playing at 4.5 s, break at 0 s: the break (0 s–4 s of the content) still plays with the playhead at 4.5 s"#
      ])
  }

  @Test func anUnmatchedOfflineRequest() async throws {
    let scratch = try Scratch()
    let recording = scratch.folder.appendingPathComponent("recording")
    try FileManager.default.createDirectory(at: recording, withIntermediateDirectories: true)
    try scratch.write("recording/index.json", #"{"version": 1, "exchanges": []}"#)
    let script = """
      at(0, function() controller:beginAd(ad) end)
      at(1, function() controller:updateAdProgress(ad, 0.25); http.get("https://ads.example/session?id=7") end)
      at(2, function() controller:updateAdProgress(ad, 0.5) end)
      at(3, function() controller:updateAdProgress(ad, 0.75) end)
      at(4, function() controller:updateAdProgress(ad, 1); controller:endAd(ad) end)
      """
    let run = try await strictRun(script, arguments: ["--offline", recording.path])
    expect(run, ["offline-answered at 1 s: no recorded answer for GET https://ads.example/session?id=7"])
  }
}

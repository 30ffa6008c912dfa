import AdCheck
import Foundation
import HTTPKit
import LuaKit
import PluginHost
import VASTRules

/// What `adhost test` found of one scenario: passed, or the expectations its run did not meet.
struct ScenarioResult {
  let file: String
  /// The unmet expectations, the first first; empty when the scenario passed.
  let failures: [TestFailure]
  /// Whether `--update` rewrote its golden file.
  let snapshotUpdated: Bool
  /// What the run wrote to standard error (plugin errors, log lines).
  let diagnostics: String
  /// Wall-clock seconds the scenario took (only in JUnit's `time`).
  let seconds: Double
  /// The HTML report of its run, when `--report` asks for one.
  var page: String? = nil
  /// The tracking vocabulary of its run: declared, narrowed, in force (nil when the scenario
  /// could not be read).
  var tracking: TrackingDeclarations? = nil

  var passed: Bool { failures.isEmpty }

  /// Loads, runs and checks the scenario in `file`.
  /// `libraries`: `adhost test --lib` folders; `views`: its `--screenshots`, `--webview-memory`.
  /// `fixtures`: whether setup commands may run, and the `--env` variables. `chunks`: the Lua
  /// chunks compiled once for the whole `adhost test`, `recordings` the recording indexes parsed
  /// once, `reads` the JSON files read once. `setup`: its setup, started ahead
  /// (`SetupStarts.take`); without it the scenario starts its own.
  static func of(
    _ file: String, update: Bool, report: Bool = false, libraries: [String] = [],
    views: PluginViewOptions = PluginViewOptions(), fixtures: ScenarioFixtures = ScenarioFixtures(),
    chunks: LuaChunkCache? = nil, recordings: RecordingIndexCache? = nil,
    reads: ScenarioReads = ScenarioReads(),
    setup started: (() -> SetupStarts.Started)? = nil
  ) -> ScenarioResult {
    let start = Date()
    let scenario: Scenario
    var setup: SetupProcess?
    // Stopped once the scenario ran (or could not be read).
    defer { setup?.stop() }
    do {
      var variables = ScenarioVariables(values: fixtures.environment)
      if let started {
        setup = try started().get()
      } else if let command = try ScenarioSetup.of(file, reads: reads) {
        setup = try command.start(allowed: fixtures.allowsSetup)
      }
      if let setup { variables.values.merge(setup.variables) { _, printed in printed } }
      var read = try Scenario(file: file, variables: variables, reads: reads, engine: fixtures.engine)
      read.runArguments += fixtures.mapHosts.flatMap { [RunOptions.mapHost.name, $0] }
      scenario = read
    } catch {
      let failures = [TestFailure(expectation: "", message: "invalid scenario: \(error)")]
      return ScenarioResult(
        file: file, failures: failures, snapshotUpdated: false, diagnostics: "",
        seconds: Date().timeIntervalSince(start),
        page: report
          ? ScenarioPage.html(file: file, scenario: nil, run: nil, failures: failures, tracking: nil) : nil)
    }
    let run = ScenarioRunner.run(
      scenario, libraries: libraries, views: views, chunks: chunks, recordings: recordings)
    // The run's tracking declarations, read once for the check and the result (a pass over the log).
    let tracking = scenario.tracking.reading(run.log)
    let (failures, updated) = ScenarioEvaluation(
      scenario: scenario, run: run, tracking: tracking, config: fixtures.strictConfig, failOn: fixtures.failOn
    ).failures(update: update)
    return ScenarioResult(
      file: file, failures: failures, snapshotUpdated: updated, diagnostics: run.diagnostics,
      seconds: Date().timeIntervalSince(start),
      page: report
        ? ScenarioPage.html(file: file, scenario: scenario, run: run, failures: failures, tracking: tracking)
        : nil,
      tracking: tracking)
  }
}

/// What `adhost test` lets scenarios use besides their files: setup commands (`--allow-setup`)
/// and environment variables (`--env NAME`, by name and value).
struct ScenarioFixtures: Sendable {
  var allowsSetup = false
  /// `adhost test --config FILE`: rules off (added to each scenario's `strict.off`) and
  /// severities, for every scenario's strict checks.
  var strictConfig = CheckConfig()
  /// `adhost test --fail-on LEVEL`: the least severity of a strict violation that fails a scenario.
  var failOn = Severity.error
  var environment: [String: String] = [:]
  /// `adhost test --map-host RECORDED=SENT`, for every scenario's `--offline` replay.
  var mapHosts: [String] = []
  /// `adhost test --engine NAME [--engine-speed SPEED]`: every scenario's player, over its own.
  var engine: [String] = []
}

/// Checks a scenario's run against its expectations, in a fixed order: exit code, `aderror`s,
/// events, beacons, requests, the strict rules, the tracking vocabulary, the snapshot.
struct ScenarioEvaluation {
  let scenario: Scenario
  let run: ScenarioRun
  /// The scenario's tracking declarations with those of the run's log (`reading`).
  let tracking: TrackingDeclarations
  /// `--config FILE`'s rule settings, and the least severity that fails (`--fail-on`).
  var config = CheckConfig()
  var failOn = Severity.error

  func failures(update: Bool) -> (failures: [TestFailure], snapshotUpdated: Bool) {
    let expectations = scenario.expectations
    let outcome = OutcomeCheck(run: run)
    var failures = outcome.failures(expectations)
    failures += EventCheck(run).failures(expectations)
    failures += BeaconCheck(run).failures(expectations)
    failures += RequestCheck(run).failures(expectations)
    failures += StrictCheck(
      run: run, settings: scenario.strict, tracking: scenario.tracking, config: config, failOn: failOn
    ).failures(expectedErrors: outcome.expectedErrorMessages(expectations.errors))
    // A scenario narrows the vocabulary; keeping what nobody declared would widen it.
    for undeclared in tracking.undeclared {
      failures.append(
        TestFailure(
          expectation: "tracking",
          message: "keeps \(undeclared), which neither \(FolderSettings.fileName) nor the plugin declares "
            + "(a scenario can only narrow the tracking vocabulary)"))
    }
    guard let snapshot = expectations.snapshot else { return (failures, false) }
    // A failing run is not written as golden.
    let check = SnapshotCheck(run: run, ignoredParameters: scenario.ignoredParameters)
      .check(snapshot, update: update && failures.isEmpty)
    return (failures + (check.failure.map { [$0] } ?? []), check.updated)
  }
}

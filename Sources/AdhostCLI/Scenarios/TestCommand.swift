import Foundation
import PluginHost

/// `adhost test [PATH…]`: runs scenario files and checks what their runs did.
struct TestCommand: Command {
  static let name = "test"
  static let summary = "run *.scenario.json scenarios and check their beacons, events and strict rules"
  static let help = """
    Usage: adhost test [PATH...] [options]

    Finds the *.scenario.json files in the given files and folders (default: the current
    folder; hidden folders are skipped), runs each as 'adhost run' would, in-process and in
    parallel (each with its own host and Lua state), and checks what it must hold: exit code,
    aderrors, events in order, beacons, strict SSAI/VAST rules, snapshot (docs/testing.md).
    Prints one line per scenario, sorted by path — PASS, or FAIL with the first unmet
    expectation, expected against actual — then 'N passed, N failed'.

    Options:
    \(options.help)

    Exit codes:
      0   every scenario passed
      1   a scenario failed (an unmet expectation, an invalid scenario file)
      64  bad usage: unknown option, a PATH that does not exist, no scenario found
      74  the --junit or --report report could not be written
    SIGINT/SIGTERM: the finished scenarios' lines, the others as INTERRUPTED, the counts, --junit
    (an error "interrupted" per unfinished scenario) and --report are written, then the process
    ends by the signal; a second one ends it at once
    """

  /// The options, in `--help` order (test's own are declared by `TestOptions`).
  static let options = OptionList(
    [
      TestOptions.jobs, TestOptions.filter, TestOptions.shard, TestOptions.update, TestOptions.junit,
      TestOptions.json, TestOptions.report, TestOptions.allowSetup, TestOptions.env, RunOptions.mapHost,
      TestOptions.config, TestOptions.failOn, EngineChoice.engine, EngineChoice.scenarioEngineSpeed,
      LibraryOptions.lib,
    ] + ViewOptions.all + [.help])

  /// What the parser accepts (tests parse with it).
  static var spec: ArgumentSpec { options.spec }

  static func run(_ arguments: [String], console: Console) async throws -> Int32 {
    let parsed = try ParsedArguments(arguments, spec: spec)
    let options = try TestOptions(parsed)
    let scenarios = try options.select(
      ScenarioDiscovery.find(parsed.positionals.isEmpty ? ["."] : parsed.positionals))
    let outcome = TestOutcome(console: console, options: options)
    let progress = ScenarioProgress(files: scenarios.map(\.path)) { outcome.lines.print($0) }
    InterruptFlush.install(console) { signal in
      SetupProcess.stopAll()
      outcome.keep(progress.stop(), interruptedBy: signal)
    }
    let results = await ParallelScenarios.run(
      progress, jobs: options.jobs, update: options.update, report: options.report != nil,
      libraries: options.libraries, views: options.views, fixtures: options.fixtures)
    return InterruptFlush.conclude { outcome.write(results) }
  }
}

/// The options of `adhost test`, checked.
struct TestOptions {
  let jobs: Int
  let filter: Glob?
  let shard: (index: Int, count: Int)?
  let update: Bool
  let json: Bool
  let junit: String?
  /// `--report DIR`.
  let report: String?
  /// `--lib DIR…`, for every scenario's plugin.
  let libraries: [String]
  /// `--screenshots DIR`, `--webview-memory MB`, for every scenario's plugin.
  let views: PluginViewOptions
  /// `--allow-setup` and the `--env` variables.
  let fixtures: ScenarioFixtures

  init(_ parsed: ParsedArguments) throws {
    let jobs = try parsed.integer(Self.jobs) ?? ProcessInfo.processInfo.activeProcessorCount
    guard jobs >= 1 else { throw UsageError("-j: expected a number of scenarios at once, 1 or more") }
    self.jobs = jobs
    filter = parsed.value(Self.filter).map { Glob("*" + $0 + "*") }
    if let text = parsed.value(Self.shard) {
      let parts = text.split(separator: "/", omittingEmptySubsequences: false).map { Int($0) }
      guard parts.count == 2, let index = parts[0], let count = parts[1], count >= 1,
        (1...count).contains(index)
      else { throw Self.shard.error("expected I/N with 1 <= I <= N, such as 2/4, got '\(text)'") }
      shard = (index, count)
    } else {
      shard = nil
    }
    update = parsed.has(Self.update)
    json = parsed.has(Self.json)
    junit = parsed.value(Self.junit)
    report = parsed.value(Self.report)
    libraries = try LibraryOptions.folders(parsed)
    views = try ViewOptions.options(parsed)
    var fixtures = ScenarioFixtures(allowsSetup: parsed.has(Self.allowSetup))
    fixtures.engine = try Self.engineArguments(parsed)
    let environment = ProcessInfo.processInfo.environment
    for name in parsed.values(Self.env) {
      guard ScenarioVariables.isName(Substring(name)) else {
        throw Self.env.error("expected a variable's name (letters, digits, _), got '\(name)'")
      }
      guard let value = environment[name] else {
        throw Self.env.error("\(name) is not set in the environment")
      }
      fixtures.environment[name] = value
    }
    _ = try RunOptions.hostMappings(parsed)  // each checked once, before any scenario runs
    fixtures.mapHosts = parsed.values(RunOptions.mapHost)
    fixtures.strictConfig = try RuleSettings.configuration(parsed, Self.config)
    fixtures.failOn = try RuleSettings.threshold(parsed)
    self.fixtures = fixtures
  }

  /// The scenarios the filter and the shard keep; none at all is a usage error.
  func select(_ found: [FoundScenario]) throws -> [FoundScenario] {
    guard !found.isEmpty else { throw UsageError("no *\(ScenarioDiscovery.suffix) file found") }
    return found.filter { scenario in
      (filter?.matches(scenario.path) ?? true)
        && (shard.map { scenario.shard(of: $0.count) == $0.index } ?? true)
    }
  }
}

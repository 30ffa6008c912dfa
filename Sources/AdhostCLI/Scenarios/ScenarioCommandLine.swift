import Foundation

/// A scenario as the `adhost run` command line that plays it, for running it as a process of
/// its own (`adhost-bench test` compares that with `adhost test`): its plugin, source, actions,
/// faults and run options as the scenario gives them, its variables replaced, its setup command
/// started for each run as `adhost test --allow-setup` starts it — only when it is allowed as
/// `adhost test` needs it allowed (`adhost-bench test --allow-setup`); else such a scenario is
/// unplayable, saying why.
public struct ScenarioCommandLine: Sendable {
  /// The scenario file.
  public let file: String
  /// The folder it is counted in: the one right under the root it was found under (the root
  /// itself for a scenario directly in it; a file given alone, its own folder).
  public let folder: String
  /// Whether it names a setup command (run before each run, stopped after it).
  public var hasSetup: Bool { setup != nil }
  private let setup: ScenarioSetup?
  /// Whether its setup command may run (it is refused at launch otherwise).
  private let allowsSetup: Bool

  /// Why a scenario cannot be played as a command line (the bench skips it, saying so).
  public struct Unplayable: Error, CustomStringConvertible {
    public let description: String
  }

  /// Reads the scenario in `file` (found in `folder`); a scenario without a setup command must
  /// read as it is — one whose `${NAME}`s only `--env` could give does not, and is unplayable.
  /// One with a setup command (its own or its folder's `scenarios.json`) is unplayable unless
  /// `allowSetup`.
  init(file: String, folder: String, allowSetup: Bool) throws(Unplayable) {
    self.file = file
    self.folder = folder
    allowsSetup = allowSetup
    do {
      setup = try ScenarioSetup.of(file)
      if setup == nil { _ = try Scenario(file: file) }
    } catch {
      throw Unplayable(description: error.description)
    }
    if let setup, !allowSetup {
      let refusal = setup.json.error(
        "not run: the setup command \(setup.command) runs only with --allow-setup"
          + " (adhost-bench test --allow-setup, as adhost test --allow-setup)")
      throw Unplayable(description: refusal.description)
    }
  }

  /// The scenarios under `roots` (sorted by path), each as a command line, and those that
  /// cannot be one with the reason; those with a setup command are playable only when
  /// `allowSetup`.
  public static func find(_ roots: [String], allowSetup: Bool = false) throws -> (
    playable: [ScenarioCommandLine], unplayable: [(file: String, reason: String)]
  ) {
    var playable: [ScenarioCommandLine] = []
    var unplayable: [(file: String, reason: String)] = []
    for found in try ScenarioDiscovery.find(roots) {
      do {
        playable.append(
          try ScenarioCommandLine(file: found.path, folder: folder(of: found), allowSetup: allowSetup))
      } catch {
        unplayable.append((found.path, error.description))
      }
    }
    return (playable, unplayable)
  }

  /// The folder right under the root a scenario was found under.
  static func folder(of found: FoundScenario) -> String {
    let parts = found.relativePath.split(separator: "/", omittingEmptySubsequences: true)
    let root = String(found.path.dropLast(found.relativePath.count)).trimmingSuffix("/")
    guard parts.count > 1 else { return (found.path as NSString).deletingLastPathComponent }
    return root.isEmpty ? String(parts[0]) : root + "/" + parts[0]
  }

  /// Starts the setup command if there is one and makes the command line with its variables;
  /// files the command line needs (an inline source, actions or faults, or files whose
  /// variables were replaced) are written into `scratch`. `stop()` the launch after the run.
  public func launch(scratch: URL) throws -> Launch {
    var variables = ScenarioVariables()
    var process: SetupProcess?
    if let setup {
      let started = try setup.start(allowed: allowsSetup)
      process = started
      variables.values = started.variables
    }
    do {
      let scenario = try Scenario(file: file, variables: variables)
      return Launch(
        arguments: try Self.arguments(scenario, scratch: scratch), exit: scenario.expectations.exit,
        setup: process)
    } catch {
      process?.stop()
      throw error
    }
  }

  /// A scenario ready to run as a process: its command line and the exit code it must end with;
  /// its setup command running until `stop()`. One thread at a time.
  public final class Launch {
    /// `["run", plugin, source, options…]`.
    public let arguments: [String]
    /// The exit code the scenario expects (`exit`, default 0).
    public let exit: Int32
    private let setup: SetupProcess?

    init(arguments: [String], exit: Int32, setup: SetupProcess?) {
      self.arguments = arguments
      self.exit = exit
      self.setup = setup
    }

    /// Stops the setup command, if any.
    public func stop() { setup?.stop() }
  }

  /// `["run", plugin, source, options…]` for `scenario`.
  static func arguments(_ scenario: Scenario, scratch: URL) throws -> [String] {
    let name = UUID().uuidString
    var sourcePath = scenario.sourcePath
    if sourcePath == scenario.file || scenario.sourceChanged {
      let url = scratch.appendingPathComponent("\(name).source.json")
      try Data(scenario.source.json.jsonText.utf8).write(to: url)
      sourcePath = url.path
    }
    var arguments = ["run", scenario.pluginPath, sourcePath] + scenario.runArguments
    if let faults = scenario.inlineFaultsJSON {
      let url = scratch.appendingPathComponent("\(name).faults.json")
      try Data(faults.jsonText.utf8).write(to: url)
      arguments += [RunOptions.faults.name, url.path]
    }
    switch scenario.actionsGiven {
    case .file(let path): arguments += [RunOptions.actions.name, path]
    case .inline(let json):
      let url = scratch.appendingPathComponent("\(name).actions.json")
      try Data(json.jsonText.utf8).write(to: url)
      arguments += [RunOptions.actions.name, url.path]
    case nil: break
    }
    return arguments
  }
}

extension String {
  fileprivate func trimmingSuffix(_ suffix: String) -> String {
    var text = self
    while text.hasSuffix(suffix) { text.removeLast(suffix.count) }
    return text
  }
}

import Foundation

/// A scenario as the `adhost run` command line that plays it, for running it as a process of
/// its own (`adhost-bench test` compares that with `adhost test`).
public enum ScenarioCommandLine {
  /// `["run", plugin, source, options…]` for the scenario in `file`; an inline source or inline
  /// actions (or files whose variables were replaced) are written into `scratch` first.
  public static func arguments(scenario file: String, scratch: URL) throws -> [String] {
    let scenario = try Scenario(file: file)
    let name = UUID().uuidString
    var sourcePath = scenario.sourcePath
    if sourcePath == file || scenario.sourceChanged {
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

  /// The scenario files under `roots`, sorted by path, but those with a setup command (which
  /// only `adhost test --allow-setup` starts: their variables are not known without it).
  public static func find(_ roots: [String]) throws -> [String] {
    try ScenarioDiscovery.find(roots).map(\.path).filter { (try? ScenarioSetup.of($0)) == nil }
  }
}

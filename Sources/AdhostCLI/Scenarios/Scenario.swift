import AdCheck
import AdPlayer
import Foundation
import HTTPKit
import PlayerSeam

/// One `*.scenario.json`: what to run (plugin, source, actions, HTTP, the options of `adhost
/// run`) and what must hold of the run (docs/testing.md). Paths resolve against its folder.
struct Scenario {
  /// The scenario file, as found.
  let file: String
  let pluginPath: String
  /// The source's file, or the scenario file for an inline source.
  let sourcePath: String
  let source: SourceDescription
  /// Whether the source file's variables changed it (a command line must then write it out).
  let sourceChanged: Bool
  let actions: [ScriptedAction]
  /// How the actions were given: a file's path or the JSON itself.
  let actionsGiven: ActionsGiven?
  /// The options of `adhost run` the scenario gives, as its command line would (without actions).
  var runArguments: [String]
  let strict: StrictSettings
  /// The tracking vocabulary its folder's settings declare, narrowed by its `tracking`.
  let tracking: TrackingDeclarations
  let expectations: Expectations
  /// The fault plan `faults` gives, inline or by its file's path.
  let inlineFaults: FaultPlan?
  /// The plan's JSON, variables replaced (for a command line that plays the scenario).
  let inlineFaultsJSON: JSONValue?

  /// The query parameters whose values a snapshot leaves out: the default cache busters and
  /// the scenario's `ignoreParams`.
  var ignoredParameters: Set<String> {
    var names = RequestKey.defaultVolatileParameters
    for (option, value) in zip(runArguments, runArguments.dropFirst()) where option == "--ignore-param" {
      names.insert(value.lowercased())
    }
    return names
  }

  static let members: Set<String> = [
    "description", "plugin", "source", "actions", "offline", "ignoreParams", "startDate", "duration", "live",
    "until", "timeout", "ioSeconds", "allowHttp", "allowUnmatched", "budgets", "strict", "exit", "errors",
    "events", "faults", "checkMedia", "verificationVendors", "setup", "tracking", "mapHost", "noSegments",
    "buffer", "variant", "maxBandwidth", "liveStart", "backBuffer", "engine", "engineSpeed", "tolerance",
    "noEvents",
    "beacons", "noOtherBeacons", "requests", "noRequests", "snapshot",
  ]

  /// Reads and checks the scenario in `file`, its `${NAME}`s (and those of the source, actions
  /// and faults files it names) replaced by `variables`. `reads`: the files the run read already.
  /// `engine`: `adhost test`'s `--engine` options, which choose the player over the scenario's.
  init(
    file: String, variables: ScenarioVariables = ScenarioVariables(), reads: ScenarioReads = ScenarioReads(),
    engine: [String] = []
  )
    throws(ScenarioError)
  {
    self.file = file
    let root = try Self.substituted(reads.scenario(file), variables)
    _ = try root.object(known: Self.members)
    let folder = (file as NSString).deletingLastPathComponent
    let resolve = { (path: String) in ScenarioPaths.resolve(path, against: folder) }
    let files = ReferencedFiles(resolve: resolve, variables: variables, reads: reads)

    pluginPath = resolve(try root.member("plugin").requiredString())
    (sourcePath, source, sourceChanged) = try Self.source(root.member("source"), files)
    let actionsJSON = root.member("actions")
    (actions, actionsGiven) = try Self.actions(actionsJSON, files)
    runArguments = ScenarioEngine.fastUnlessGiven(
      try RunArgumentsReader(root: root, resolve: resolve).arguments + engine)
    strict = try StrictSettings(root.member("strict"))
    tracking = try ScenarioTracking.declarations(
      root, settings: try FolderSettings.load(beside: file, reads: reads))
    (inlineFaults, inlineFaultsJSON) = try ScenarioFaults.plan(root.member("faults"), files)
    expectations = try Self.expectations(root, resolve, tolerance: try ScenarioEngine.tolerance(root, engine))
  }

  /// Members that are not substituted: `setup` runs before the variables are known.
  static let unsubstituted: Set<String> = ["description", "setup"]

  private static func substituted(_ root: ScenarioJSON, _ variables: ScenarioVariables) throws(ScenarioError)
    -> ScenarioJSON
  {
    guard let object = root.value.objectValue else { return root }
    var members: [(key: String, value: JSONValue)] = []
    for member in object {
      members.append(
        unsubstituted.contains(member.key)
          ? member : (member.key, try variables.substitute(member.value, file: root.file, path: member.key)))
    }
    return ScenarioJSON(file: root.file, path: "", value: .object(JSONObject(members)))
  }

  static func parse(_ file: String) throws(ScenarioError) -> ScenarioJSON {
    guard let data = FileManager.default.contents(atPath: file) else {
      throw ScenarioError(file: file, path: "", expectation: "cannot read the scenario file")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw ScenarioError(file: file, path: "", expectation: "not UTF-8 text")
    }
    do {
      return ScenarioJSON(
        file: file, path: "", value: try JSONValue.parse(text, refusingRepeatedMembers: true))
    } catch {
      let repeated = error.path != nil
      throw ScenarioError(
        file: file, path: error.path ?? "", expectation: repeated ? error.message : error.description)
    }
  }

  /// The source: its file's path and whether substitution changed it, or the scenario's own.
  private static func source(_ json: ScenarioJSON, _ files: ReferencedFiles) throws(ScenarioError)
    -> (String, SourceDescription, Bool)
  {
    if let path = try? json.string() {
      let (resolved, value, changed) = try files.read(json, path, "source")
      do {
        return (resolved, try SourceDescription(json: value, path: ""), changed)
      } catch {
        throw json.error("\(resolved): \(error)")
      }
    }
    guard json.value.objectValue != nil else {
      throw json.mismatch("a source file's path or a source object")
    }
    do {
      return (json.file, try SourceDescription(json: json.value, path: json.path), false)
    } catch {
      throw ScenarioError(file: json.file, path: error.path, expectation: error.expectation)
    }
  }

  private static func actions(_ json: ScenarioJSON, _ files: ReferencedFiles) throws(ScenarioError)
    -> ([ScriptedAction], ActionsGiven?)
  {
    if json.isAbsent { return ([], nil) }
    if let path = try? json.string() {
      let (resolved, value, changed) = try files.read(json, path, "actions")
      do {
        return (try ScriptedAction.script(json: value, path: ""), changed ? .inline(value) : .file(resolved))
      } catch {
        throw json.error("\(resolved): \(error)")
      }
    }
    do {
      return (try ScriptedAction.script(json: json.value, path: json.path), .inline(json.value))
    } catch {
      throw ScenarioError(file: json.file, path: error.path, expectation: error.expectation)
    }
  }

  private static func expectations(
    _ root: ScenarioJSON, _ resolve: (String) -> String, tolerance: Double
  ) throws(ScenarioError) -> Expectations {
    var expectations = Expectations()
    let exit = root.member("exit")
    if let code = try exit.count() {
      guard code <= 255 else { throw exit.error("expected an exit code, 0 to 255") }
      expectations.exit = Int32(code)
    }
    expectations.errors = try root.member("errors").list().map { (json) throws(ScenarioError) in
      try ErrorExpectation(json)
    }
    expectations.events = try root.member("events").list().map { (json) throws(ScenarioError) in
      try EventPattern(json, defaultTolerance: tolerance)
    }
    expectations.noEvents = try root.member("noEvents").list().map { (json) throws(ScenarioError) in
      try EventPattern(json)
    }
    expectations.beacons = try root.member("beacons").list().map { (json) throws(ScenarioError) in
      try BeaconExpectation(json, defaultTolerance: tolerance)
    }
    expectations.noOtherBeacons = try root.member("noOtherBeacons").bool() ?? false
    let requests = try root.member("requests").list()
    expectations.requests = try requests.map { (json) throws(ScenarioError) in
      try RequestExpectation(json, total: requests.count, defaultTolerance: tolerance)
    }
    expectations.noRequests = try root.member("noRequests").list().map { (json) throws(ScenarioError) in
      _ = try json.object(known: RequestPattern.members)
      return try RequestPattern(json)
    }
    let snapshot = root.member("snapshot")
    let folder = (root.file as NSString).deletingLastPathComponent
    if let path = try? snapshot.string() {
      expectations.snapshot = SnapshotExpectation(
        file: try SnapshotPath.confined(resolve(path), folder: folder, json: snapshot), timeUpdates: false,
        requests: false)
    } else if !snapshot.isAbsent {
      _ = try snapshot.object(known: ["file", "timeupdates", "requests"])
      let file = snapshot.member("file")
      expectations.snapshot = SnapshotExpectation(
        file: try SnapshotPath.confined(resolve(try file.requiredString()), folder: folder, json: file),
        timeUpdates: try snapshot.member("timeupdates").bool() ?? false,
        requests: try snapshot.member("requests").bool() ?? false)
    }
    return expectations
  }
}

/// How a scenario gives its actions.
enum ActionsGiven {
  case file(String)
  case inline(JSONValue)
}

/// Paths in a scenario: relative ones resolve against the scenario's folder.
enum ScenarioPaths {
  static func resolve(_ path: String, against folder: String) -> String {
    guard !path.hasPrefix("/"), !folder.isEmpty else { return path }
    return normalise(folder + "/" + path)
  }

  /// `a/b/../c/./d` as `a/c/d`; leading `..` stay.
  static func normalise(_ path: String) -> String {
    var parts: [Substring] = []
    for part in path.split(separator: "/", omittingEmptySubsequences: true) {
      if part == "." { continue }
      if part == "..", let last = parts.last, last != ".." {
        parts.removeLast()
      } else {
        parts.append(part)
      }
    }
    let joined = parts.joined(separator: "/")
    return path.hasPrefix("/") ? "/" + joined : (joined.isEmpty ? "." : joined)
  }
}

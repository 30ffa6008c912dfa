import AdPlayer
import Foundation
import PlayerSeam

/// A scenario's `setup` (or its folder's `scenarios.json`'s): the command `adhost test` starts
/// before the scenario, only with `--allow-setup`, for the variables it prints.
struct ScenarioSetup: Sendable {
  let command: SetupProcess.Command
  /// The folder it runs in: the one of the file that names it.
  let folder: String
  /// Seconds it may take to print its variables.
  let timeout: Double
  /// Where it is written, for messages.
  let json: ScenarioJSON

  static let defaultTimeout = 10.0

  /// The setup that the scenario in `file` names, else its folder's settings', else nil.
  /// `reads`: the files the run read already.
  static func of(_ file: String, reads: ScenarioReads = ScenarioReads()) throws(ScenarioError)
    -> ScenarioSetup?
  {
    let own = try reads.scenario(file).member("setup")
    if !own.isAbsent { return try ScenarioSetup(own) }
    guard let settings = try FolderSettings.load(beside: file, reads: reads) else { return nil }
    return settings.setup
  }

  /// `"COMMAND"` (run by /bin/sh), `["PROGRAM", "ARG", …]`, or `{"command": either, "timeout": S}`.
  init(_ json: ScenarioJSON) throws(ScenarioError) {
    self.json = json
    folder = (json.file as NSString).deletingLastPathComponent
    var commandJSON = json
    var timeout = Self.defaultTimeout
    if json.value.objectValue != nil {
      _ = try json.object(known: ["command", "timeout"])
      commandJSON = json.member("command")
      if let given = try json.member("timeout").seconds() {
        guard given > 0, given <= 600 else {
          throw json.member("timeout").error("expected 0 < seconds ≤ 600")
        }
        timeout = given
      }
    }
    self.timeout = timeout
    if let text = commandJSON.value.stringValue, !text.isEmpty {
      command = .shell(text)
    } else if let words = commandJSON.value.arrayValue, !words.isEmpty,
      words.allSatisfy({ $0.stringValue != nil })
    {
      command = .program(words.compactMap(\.stringValue))
    } else {
      throw commandJSON.mismatch(
        "a command (a string run by /bin/sh, or [\"PROGRAM\", \"ARG\", …]) or {\"command\": …, \"timeout\": S}"
      )
    }
  }

  /// Starts it when `allowed` (else refuses, saying how to allow it) and returns it running.
  func start(allowed: Bool) throws(ScenarioError) -> SetupProcess {
    guard allowed else {
      throw json.error(
        "refused to run the setup command \(command) — adhost test runs a scenario's setup command "
          + "only with --allow-setup (a scenario from an untrusted change must not run commands by itself)")
    }
    do {
      return try SetupProcess(command, folder: folder, timeout: timeout)
    } catch {
      throw json.error("the setup command \(error)")
    }
  }
}

/// A folder's `scenarios.json`: settings shared by the `*.scenario.json` files beside it.
struct FolderSettings {
  static let fileName = "scenarios.json"
  static let members: Set<String> = ["setup", "tracking"]

  let setup: ScenarioSetup?
  /// The tracking vocabulary its scenarios' integration uses (`tracking`), if it declares one.
  let tracking: TrackingVocabulary?

  /// The settings in the folder of `scenarioFile`, or nil when it has none. `reads`: the files
  /// the run read already.
  static func load(beside scenarioFile: String, reads: ScenarioReads = ScenarioReads()) throws(ScenarioError)
    -> FolderSettings?
  {
    let folder = (scenarioFile as NSString).deletingLastPathComponent
    let file = ScenarioPaths.resolve(fileName, against: folder.isEmpty ? "." : folder)
    guard FileManager.default.fileExists(atPath: file) else { return nil }
    let root = try reads.scenario(file)
    _ = try root.object(known: members)
    let setup = root.member("setup")
    let tracking = root.member("tracking")
    return FolderSettings(
      setup: setup.isAbsent ? nil : try ScenarioSetup(setup),
      tracking: tracking.isAbsent ? nil : try ScenarioTracking.vocabulary(tracking))
  }
}

/// A scenario's player (docs/testing.md "On the real engine"): `"engine": "gstreamer"` runs it
/// on GStreamer, in the fast mode unless `"engineSpeed": "real"` (or `adhost test --engine-speed
/// real`) says otherwise, and the engine gets a tolerance on every time the scenario expects,
/// 0.5 s unless `"tolerance"` says otherwise.
enum ScenarioEngine {
  /// A scenario's run arguments with `--engine-speed fast` added when they choose the GStreamer
  /// engine and no speed: a check must not depend on how loaded the machine is, and in real time
  /// every time is the wall clock's.
  static func fastUnlessGiven(_ arguments: [String]) -> [String] {
    guard engineName(in: arguments) == "gstreamer", !arguments.contains(EngineChoice.engineSpeed.name) else {
      return arguments
    }
    return arguments + [EngineChoice.engineSpeed.name, "fast"]
  }

  /// The engine run arguments choose: the value of their last `--engine`, else `headless`.
  static func engineName(in arguments: [String]) -> String {
    guard let option = arguments.indices.last(where: { arguments[$0] == EngineChoice.engine.name }),
      arguments.indices.contains(option + 1)
    else { return "headless" }
    return arguments[option + 1]
  }

  /// The tolerance of an expected time, in seconds, when the engine runs the scenario: in real
  /// time a time is the wall clock's; in the fast mode too it is the time of a frame (a cue
  /// fires at the first frame at or after its time, 1.52 s for 1.5 s at 25 fps; the end is
  /// reported at the last frame's), never the headless player's exact virtual time.
  static let engineTolerance = 0.5

  /// The command-line options of `engine` and `engineSpeed`.
  static func arguments(_ root: ScenarioJSON) throws(ScenarioError) -> [String] {
    let engine = root.member("engine")
    let speed = root.member("engineSpeed")
    guard let name = try engine.string() else {
      if !speed.isAbsent { throw speed.error("needs \"engine\": \"gstreamer\"") }
      return []
    }
    guard name == "headless" || name == "gstreamer" else {
      throw engine.error("expected \"headless\" or \"gstreamer\", found \"\(name)\"")
    }
    var arguments = [EngineChoice.engine.name, name]
    if let given = try speed.string() {
      guard name == "gstreamer" else { throw speed.error("needs \"engine\": \"gstreamer\"") }
      guard given == "real" || given == "fast" else {
        throw speed.error("expected \"real\" or \"fast\", found \"\(given)\"")
      }
      arguments += [EngineChoice.engineSpeed.name, given]
    }
    return arguments
  }

  /// The tolerance of the scenario's expected times when they give none: `tolerance`, else
  /// 0.5 s on the real engine, at either speed (the scenario's, or `override`, `adhost test`'s
  /// `--engine` options), else none (the headless player's times are exact).
  static func tolerance(_ root: ScenarioJSON, _ override: [String] = []) throws(ScenarioError) -> Double {
    if let given = try root.member("tolerance").seconds() { return given }
    return engineName(in: try Self.arguments(root) + override) == "gstreamer" ? engineTolerance : 0
  }
}

extension TestOptions {
  /// `--engine NAME [--engine-speed SPEED]`, checked, as every scenario's run gets them.
  static func engineArguments(_ parsed: ParsedArguments) throws(UsageError) -> [String] {
    guard let name = parsed.value(EngineChoice.engine) else {
      if parsed.value(EngineChoice.engineSpeed) != nil {
        throw EngineChoice.engineSpeed.error("needs --engine gstreamer")
      }
      return []
    }
    _ = try EngineChoice.choice(parsed)
    var arguments = [EngineChoice.engine.name, name]
    if let speed = parsed.value(EngineChoice.engineSpeed) {
      arguments += [EngineChoice.engineSpeed.name, speed]
    }
    return arguments
  }
}

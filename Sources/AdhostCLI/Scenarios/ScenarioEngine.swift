/// A scenario's player (docs/testing.md "On the real engine"): `"engine": "gstreamer"` runs it
/// on GStreamer (`"engineSpeed": "fast"` in the fast mode), and real time gets a tolerance on
/// every time the scenario expects, 0.5 s unless `"tolerance"` says otherwise.
enum ScenarioEngine {
  /// The tolerance of an expected time, in seconds, when real time runs the scenario.
  static let realTimeTolerance = 0.5

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
  /// 0.5 s on the real engine in real time (the scenario's, or `override`, `adhost test`'s
  /// `--engine` options), else none.
  static func tolerance(_ root: ScenarioJSON, _ override: [String] = []) throws(ScenarioError) -> Double {
    if let given = try root.member("tolerance").seconds() { return given }
    var arguments = try Self.arguments(root) + override
    var engine = "headless"
    var speed = "real"
    while let option = arguments.first {
      arguments.removeFirst()
      guard let value = arguments.first else { break }
      if option == EngineChoice.engine.name { engine = value }
      if option == EngineChoice.engineSpeed.name { speed = value }
    }
    return engine == "gstreamer" && speed == "real" ? realTimeTolerance : 0
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

import GStreamerEngine

/// Which player plays a run: adhost's headless player on a virtual clock (the default), or the
/// real engine, GStreamer in the `adhost-gst` helper, in real time or in the fast mode
/// (`--engine`, `--engine-speed`, `--show`; a scenario's `engine`, `engineSpeed`).
enum EngineChoice: Equatable {
  case headless
  case gstreamer(speed: GStreamerEngineOptions.Speed, show: Bool)

  static let engine = CommandOption(
    "--engine", value: "NAME",
    help: """
      the player: headless (default: adhost's own, on a virtual clock) or
      gstreamer (GStreamer in the adhost-gst helper, in real time; Linux,
      http sources; docs/engines.md)
      """)
  static let engineSpeed = CommandOption(
    "--engine-speed", value: "SPEED",
    help: """
      with --engine gstreamer: real (default: what an app gets) or fast
      (unsynchronised sinks, timers on media time, stepped by the host)
      """)
  /// `adhost test`'s `--engine-speed`: a scenario is a check, so the engine runs it in the fast
  /// mode unless the command or the scenario's `engineSpeed` says `real`.
  static let scenarioEngineSpeed = CommandOption(
    "--engine-speed", value: "SPEED",
    help: """
      with --engine gstreamer: fast (default for scenarios: stepped by the
      host, timers on media time) or real (what an app gets, on the wall
      clock; a scenario's engineSpeed chooses it too)
      """)
  static let show = CommandOption(
    "--show",
    help: "with --engine gstreamer: play in a window (needs a display)")

  static let screenshotAt = CommandOption(
    "--screenshot-at", value: "SECONDS:FILE",
    help: """
      with --engine gstreamer: write the frame shown at SECONDS of media
      as a PNG file (repeatable)
      """)

  /// The options, in `--help` order.
  static let all = [engine, engineSpeed, show, screenshotAt]

  /// The screenshots `--screenshot-at` asks for, each at its media time.
  static func screenshots(_ parsed: ParsedArguments) throws(UsageError) -> [(at: Double, file: String)] {
    let given = parsed.values(screenshotAt)
    guard !given.isEmpty else { return [] }
    if parsed.value(engine) != "gstreamer" { throw screenshotAt.error("needs --engine gstreamer") }
    return try given.map { (text: String) throws(UsageError) -> (at: Double, file: String) in
      guard let colon = text.firstIndex(of: ":"), let seconds = Double(text[..<colon]), seconds >= 0,
        seconds.isFinite, text.index(after: colon) < text.endIndex
      else {
        throw screenshotAt.error(
          "expected SECONDS:FILE (seconds of media, 0 or more, then the PNG's path), got '\(text)'")
      }
      return (seconds, String(text[text.index(after: colon)...]))
    }
  }

  /// The engine the options choose.
  static func choice(_ parsed: ParsedArguments) throws(UsageError) -> EngineChoice {
    let name = parsed.value(engine) ?? "headless"
    let speedName = parsed.value(engineSpeed)
    switch name {
    case "headless":
      if speedName != nil { throw engineSpeed.error("needs --engine gstreamer") }
      if parsed.has(show) { throw show.error("needs --engine gstreamer") }
      return .headless
    case "gstreamer":
      return .gstreamer(speed: try speed(speedName ?? "real"), show: parsed.has(show))
    default:
      throw engine.error("expected headless or gstreamer, got '\(name)'")
    }
  }

  /// The speed of a name (`real`, `fast`).
  static func speed(_ name: String) throws(UsageError) -> GStreamerEngineOptions.Speed {
    switch name {
    case "real": return .realTime
    case "fast": return .fast
    default: throw engineSpeed.error("expected real or fast, got '\(name)'")
    }
  }

  /// Refuses the real engine for a command that runs on the headless player only.
  func requireHeadless(_ command: String) throws(UsageError) {
    guard self != .headless else { return }
    throw Self.engine.error(
      "adhost \(command) runs on the headless player only (its clock is virtual: it stops, steps and "
        + "waits for the prompt); use adhost run --engine gstreamer")
  }
}

import CGstShim
import Foundation
import HelperLines

/// The host's commands, one JSON object a line (docs/embedding.md, "A real engine: GStreamer").
enum HelperCommands {
  static func handle(_ line: String) {
    guard let (name, command) = HelperLines.command(line) else { return }
    switch name {
    case "load": load(command)
    case "play":
      HelperLines.emit(["event": "state", "state": "play"])
      gs_play()
    case "pause":
      HelperLines.emit(["event": "state", "state": "pause"])
      gs_pause()
    case "seek":
      guard let position = seconds(command["position"]), position >= 0 else {
        return invalid("seek: expected position (seconds, 0 or more)")
      }
      HelperLines.emit(["event": "state", "state": "seeking", "position": position])
      gs_seek(position)
    case "step":
      guard let until = seconds(command["until"]) else { return invalid("step: expected until (seconds)") }
      gs_step_until(until)
    case "screenshot":
      guard let at = seconds(command["at"]), at >= 0, let file = command["file"] as? String, !file.isEmpty
      else {
        return invalid("screenshot: expected at (seconds, 0 or more) and file (a path)")
      }
      gs_screenshot(at, file)
    case "stop": gs_stop()
    default: invalid("unknown command \(name)")
    }
  }

  private static func load(_ command: [String: Any]) {
    guard let uri = command["uri"] as? String else { return invalid("load: expected uri") }
    let show = command["show"] as? Bool ?? false
    let environment = ProcessInfo.processInfo.environment
    if show && environment["DISPLAY"] == nil && environment["WAYLAND_DISPLAY"] == nil {
      return invalid(
        "load: show needs a display (DISPLAY or WAYLAND_DISPLAY); without one the engine plays to fakesink")
    }
    let required = ElementPackages.needed(for: uri, show: show) + (command["require"] as? [String] ?? [])
    if let missing = required.first(where: { gs_has_element($0) == 0 }) {
      HelperLines.emit(["event": "error", "message": ElementPackages.missing(missing), "element": missing])
      return
    }
    let bitrate = { (key: String) -> UInt32 in (command[key] as? Int).flatMap { UInt32(exactly: $0) } ?? 0 }
    gs_pin_adaptive(bitrate("minBitrate"), bitrate("maxBitrate"), seconds(command["buffer"]) ?? 0)
    let fast = command["fast"] as? Bool ?? false
    gs_step_enable(fast && command["stepped"] as? Bool ?? false ? 1 : 0)
    if gs_load(uri, fast ? 1 : 0, show ? 1 : 0) != 0 {
      HelperLines.emit(["event": "error", "message": "cannot start the pipeline for \(uri)"])
    }
  }

  private static func invalid(_ message: String) {
    HelperLines.emit(["event": "error", "message": message])
  }

  private static func seconds(_ value: Any?) -> Double? {
    (value as? Double) ?? (value as? Int).map(Double.init)
  }
}

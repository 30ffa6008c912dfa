import CWebViewShim
import Foundation
import HelperLines

/// The host's commands, one JSON object a line (docs/display.md, "The helper's protocol").
enum HelperCommands {
  static func handle(_ line: String) {
    guard let (name, command) = HelperLines.command(line) else { return }
    switch name {
    case "open": open(command)
    case "load":
      guard let url = command["url"] as? String else { return missing("load", "url") }
      wv_load_uri(url)
    case "loadHTML":
      guard let html = command["html"] as? String, let base = command["baseURL"] as? String else {
        return missing("loadHTML", "html and baseURL")
      }
      wv_load_html(html, base)
    case "decide":
      guard let id = command["id"] as? Int, let allow = command["allow"] as? Bool else {
        return missing("decide", "id and allow")
      }
      if wv_decide(UInt64(truncatingIfNeeded: id), allow ? 1 : 0) == 0 {
        HelperLines.emit(["event": "error", "message": "decide: no navigation \(id) waits"])
      }
    case "screenshot":
      guard let path = command["path"] as? String else { return missing("screenshot", "path") }
      wv_snapshot(path)
    case "click":
      // A whole coordinate reads as an Int (JSONValue.anyValue), a fraction as a Double.
      guard let x = coordinate(command["x"]), let y = coordinate(command["y"]) else {
        return missing("click", "x and y")
      }
      HelperLines.emit(["event": "clicked", "x": x, "y": y, "delivered": wv_click(x, y) != 0])
    case "sync":
      guard let token = command["token"] as? Int else { return missing("sync", "token") }
      wv_sync(UInt64(truncatingIfNeeded: token))
    case "trust":
      guard let host = command["host"] as? String, let token = command["token"] as? Int else {
        return missing("trust", "host and token")
      }
      wv_trust_host(host, UInt64(truncatingIfNeeded: token))
    case "consoleDropped":
      guard let token = command["token"] as? Int else { return missing("consoleDropped", "token") }
      HelperLines.emit([
        "event": "consoleDropped", "token": token, "count": Int(truncatingIfNeeded: wv_console_dropped()),
      ])
    case "stop": wv_terminate_web_process()
    case "quit": wv_quit()
    default: HelperLines.emit(["event": "error", "message": "unknown command \(name)"])
    }
  }

  private static func open(_ command: [String: Any]) {
    guard let width = command["width"] as? Int, let height = command["height"] as? Int,
      width > 0, height > 0, width <= 8192, height <= 8192
    else { return missing("open", "width and height (1…8192)") }
    let proxy = command["proxy"] as? String
    let certificate = command["certificate"] as? String
    guard let memory = command["memoryMB"] as? Int, (128...65536).contains(memory) else {
      return missing("open", "memoryMB (128…65536)")
    }
    let status = wv_open(
      Int32(truncatingIfNeeded: width), Int32(truncatingIfNeeded: height), proxy, certificate,
      command["proxyUser"] as? String, command["proxySecret"] as? String, UInt32(truncatingIfNeeded: memory))
    HelperLines.emit(["event": status == 0 ? "opened" : "error", "width": width, "height": height])
  }

  private static func missing(_ command: String, _ what: String) {
    HelperLines.emit(["event": "error", "message": "\(command): expected \(what)"])
  }

  private static func coordinate(_ value: Any?) -> Double? {
    (value as? Double) ?? (value as? Int).map(Double.init)
  }
}

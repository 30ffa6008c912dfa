import CWebViewShim
import Foundation
import HelperLines

/// The C callbacks of the shim: each turns what GTK reported into an event line.
enum HelperCallbacks {
  // why: C reads it through a pointer (`&table`); nothing writes it after it is made.
  nonisolated(unsafe) static var table = wv_callbacks(
    context: nil,
    line: { _, line in
      guard let line else {
        wv_quit()  // the host closed the pipe
        return
      }
      HelperCommands.handle(String(cString: line))
    },
    load: { _, phase, uri in
      HelperLines.emit(["event": "load", "phase": text(phase), "url": text(uri)])
    },
    load_failed: { _, uri, message, byPolicy in
      HelperLines.emit([
        "event": "loadFailed", "url": text(uri), "message": text(message), "byPolicy": byPolicy != 0,
      ])
    },
    navigation: { _, pointer in
      guard let navigation = pointer?.pointee else { return }
      var event: [String: Any] = [
        "event": "navigation", "id": Int(truncatingIfNeeded: navigation.id), "url": text(navigation.uri),
        "userGesture": navigation.user_gesture != 0, "newWindow": navigation.new_window != 0,
        "redirect": navigation.redirect != 0, "kind": text(navigation.kind),
      ]
      if let frame = navigation.target_frame { event["targetFrame"] = String(cString: frame) }
      HelperLines.emit(event)
    },
    response: { _, uri, mainFrame in
      HelperLines.emit(["event": "response", "url": text(uri), "mainFrame": mainFrame != 0])
    },
    resource: { _, id, uri, started in
      HelperLines.emit([
        "event": "resource", "id": Int(truncatingIfNeeded: id), "url": text(uri),
        "phase": started != 0 ? "started" : "ended",
      ])
    },
    console: { _, level, message, more in
      var event: [String: Any] = ["event": "console", "level": text(level), "message": text(message)]
      if more > 0 { event["more"] = Int(truncatingIfNeeded: more) }
      HelperLines.emit(event)
    },
    close_requested: { _ in HelperLines.emit(["event": "closeRequested"]) },
    create_refused: { _, uri, gesture in
      HelperLines.emit(["event": "newViewRefused", "url": text(uri), "userGesture": gesture != 0])
    },
    snapshot: { _, path, width, height, error in
      var event: [String: Any] = ["event": "screenshot", "path": text(path)]
      if let error {
        event["error"] = String(cString: error)
      } else {
        event["width"] = Int(truncatingIfNeeded: width)
        event["height"] = Int(truncatingIfNeeded: height)
      }
      HelperLines.emit(event)
    },
    web_process_terminated: { _, reason in
      HelperLines.emit(["event": "terminated", "reason": text(reason)])
    },
    synced: { _, token, error in
      var event: [String: Any] = ["event": "synced", "token": Int(truncatingIfNeeded: token)]
      if let error { event["error"] = String(cString: error) }
      HelperLines.emit(event)
    },
    trusted: { _, token, ok in
      HelperLines.emit(["event": "trusted", "token": Int(truncatingIfNeeded: token), "ok": ok != 0])
    })

  private static func text(_ pointer: UnsafePointer<CChar>?) -> String {
    pointer.map { String(cString: $0) } ?? ""
  }
}

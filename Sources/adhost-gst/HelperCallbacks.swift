import CGstShim
import Foundation
import HelperLines

/// The C callbacks of the shim: each turns what GStreamer reported into an event line.
enum HelperCallbacks {
  // why: C reads it through a pointer (`&table`); nothing writes it after it is made.
  nonisolated(unsafe) static var table = gs_callbacks(
    line: { line in
      guard let line else {
        gs_stop()  // the host closed the pipe: nothing more will come
        return
      }
      HelperCommands.handle(String(cString: line))
    },
    state: { name, position in
      var event: [String: Any] = ["event": "state", "state": text(name)]
      event["position"] = EngineValue.seconds(position)
      HelperLines.emit(event)
    },
    time: { position, duration in
      var event: [String: Any] = ["event": "time", "position": position]
      event["duration"] = EngineValue.seconds(duration)
      HelperLines.emit(event)
    },
    error: { message, debug, element in
      HelperLines.emit([
        "event": "error", "message": text(message), "debug": text(debug), "element": text(element),
      ])
    },
    scte35: { hex, running, stream in
      var event: [String: Any] = ["event": "scte35", "section": text(hex)]
      event["spliceRunningTime"] = EngineValue.seconds(running)
      event["spliceStreamTime"] = EngineValue.seconds(stream)
      HelperLines.emit(event)
    },
    fragment: { uri, bytes, seconds in
      var event: [String: Any] = [
        "event": "fragment", "url": text(uri), "bytes": Int(truncatingIfNeeded: bytes),
      ]
      event["downloadSeconds"] = EngineValue.seconds(seconds)
      HelperLines.emit(event)
    },
    segment: { pad, start, time, base, firstPTS, firstStreamTime in
      HelperLines.emit([
        "event": "segment", "pad": text(pad), "start": start, "time": time, "base": base,
        "firstPTS": firstPTS,
        "firstStreamTime": firstStreamTime,
      ])
    },
    frames: { rendered, dropped in
      HelperLines.emit([
        "event": "frames", "rendered": Int(truncatingIfNeeded: rendered),
        "dropped": Int(truncatingIfNeeded: dropped),
      ])
    },
    screenshot: { file, at, frameTime, width, height, why in
      var event: [String: Any] = ["event": "screenshot", "file": text(file), "at": at]
      if let why {
        event["error"] = String(cString: why)
      } else {
        event["frameTime"] = frameTime
        event["width"] = Int(width)
        event["height"] = Int(height)
      }
      HelperLines.emit(event)
    })

  private static func text(_ pointer: UnsafePointer<CChar>?) -> String {
    pointer.map { String(cString: $0) } ?? ""
  }
}

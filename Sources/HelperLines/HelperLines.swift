import Foundation
import OutsideText

/// The line protocol of adhost's helper processes (`adhost-webview`, `adhost-gst`): the host
/// writes one JSON command object a line (`{"cmd": …}`) on the helper's stdin, and the helper
/// answers with one JSON event object a line (`{"event": …}`) on its stdout.
public enum HelperLines {
  /// Writes one event as a JSON line on stdout, at once (the host waits for it).
  public static func emit(_ event: [String: Any]) {
    guard let json = JSONValue(any: event) else { return }
    FileHandle.standardOutput.write(Data((json.jsonText + "\n").utf8))
  }

  /// A command line read as its `cmd` name and its members; nil when it is no JSON object with a
  /// string `cmd`, after an `error` event that quotes the line's start.
  public static func command(_ line: String) -> (name: String, fields: [String: Any])? {
    guard let fields = (try? JSONValue.parse(line))?.anyValue as? [String: Any],
      let name = fields["cmd"] as? String
    else {
      emit(["event": "error", "message": "not a command object: \(line.prefix(80))"])
      return nil
    }
    return (name, fields)
  }
}

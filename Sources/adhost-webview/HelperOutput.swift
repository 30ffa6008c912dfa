import Foundation
import OutsideText

/// Writes one event as a JSON line on stdout, at once (the host waits for it).
enum HelperOutput {
  static func emit(_ event: [String: Any]) {
    guard let json = JSONValue(any: event) else { return }
    let line = json.jsonText + "\n"
    FileHandle.standardOutput.write(Data(line.utf8))
  }
}

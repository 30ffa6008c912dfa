import Foundation
import OutsideText

/// Writes one event as a JSON line on stdout, at once (the host waits for it).
enum HelperOutput {
  static func emit(_ event: [String: Any]) {
    guard let json = JSONValue(any: event) else { return }
    FileHandle.standardOutput.write(Data((json.jsonText + "\n").utf8))
  }

  /// A time in seconds, or nothing when the engine does not know it (negative).
  static func seconds(_ value: Double) -> Any? { value < 0 ? nil : value }
}

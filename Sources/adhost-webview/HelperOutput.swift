import Foundation

/// Writes one event as a JSON line on stdout, at once (the host waits for it).
enum HelperOutput {
  static func emit(_ event: [String: Any]) {
    guard let data = try? JSONSerialization.data(withJSONObject: event, options: [.sortedKeys]),
      var line = String(data: data, encoding: .utf8)
    else { return }
    line += "\n"
    FileHandle.standardOutput.write(Data(line.utf8))
  }
}

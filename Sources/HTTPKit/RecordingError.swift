import Foundation

/// Why a recording folder cannot be used: names the file (and JSON path or exchange) and what was
/// expected.
public struct RecordingError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The message, starting with the file it is about.
  public let description: String

  init(_ description: String) { self.description = description }

  /// An error about `index.json` in `folder`, at `path` (a JSON path such as `exchanges[0].status`).
  static func index(_ folder: URL, at path: String = "", _ message: String) -> RecordingError {
    let location = RecordingFolder.indexURL(folder).path + (path.isEmpty ? "" : " " + path)
    return RecordingError("\(location): \(message)")
  }
}

import Foundation

/// The repository's root, to find `plugins/`, `examples/`, `types/` and `docs/`.
public let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent()

/// A folder of files written for one test, removed at the end.
public final class Scratch {
  /// The folder, in the temporary directory.
  public let folder: URL

  /// Makes a new, empty folder.
  public init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("adhost-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: folder) }

  /// Writes `text` to `name` and returns its path.
  @discardableResult
  public func write(_ name: String, _ text: String) throws -> String {
    let url = folder.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url.path
  }

  /// A source JSON file: content of `duration` seconds, `ssai` and `ads` as given.
  public func source(duration: Double = 60, ssai: String? = nil, ads: String? = nil) throws -> String {
    var typed = #""src": "https://cdn.example/content.m3u8""#
    if let ssai { typed += #", "ssai": "# + ssai }
    var text = #"{"sources": [{"# + typed + "}], \"duration\": \(duration)"
    if let ads { text += #", "ads": "# + ads }
    return try write("source-\(UUID().uuidString).json", text + "}")
  }
}

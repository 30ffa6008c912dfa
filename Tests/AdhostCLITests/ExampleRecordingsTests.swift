import Foundation
import HTTPKit
import TestFiles
import Testing

/// The recordings shipped under examples/ are in the current format: each keeps what its
/// requests sent, so none replays with the "record again" note of a format-1 recording
/// (docs/http.md) — not the README's first command, which greets a new user.
@Suite struct ExampleRecordingsTests {
  /// Every folder under examples/ holding an `index.json`: a recording.
  static func recordings() throws -> [URL] {
    let examples = repositoryRoot.appendingPathComponent("examples")
    let walker = try #require(FileManager.default.enumerator(at: examples, includingPropertiesForKeys: nil))
    return walker.compactMap { $0 as? URL }.filter { $0.lastPathComponent == "index.json" }
      .map { $0.deletingLastPathComponent() }.sorted { $0.path < $1.path }
  }

  @Test func everyExampleRecordingKeepsWhatItsRequestsSent() throws {
    let folders = try Self.recordings()
    #expect(folders.count >= 20, "\(folders.map(\.lastPathComponent))")
    for folder in folders {
      let transport = try OfflineTransport(folder: folder)
      let name = folder.path.dropFirst(repositoryRoot.path.count + 1)
      #expect(transport.note == nil, "\(name): \(transport.note ?? "")")
    }
  }

  @Test func theReadmesFirstCommandPrintsNoNote() async throws {
    let root = repositoryRoot.path + "/"
    let run = await adhost([
      "run", root + "plugins/omnibox.lua", root + "examples/omnibox/source.json",
      "--offline", root + "examples/omnibox/recording",
    ])
    #expect(run.code == 0, "\(run.errors)")
    #expect(!run.errors.contains("record again"), "\(run.errors)")
  }
}

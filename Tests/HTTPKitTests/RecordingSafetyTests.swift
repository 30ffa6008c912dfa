import Foundation
import HTTPKit
import Testing

/// A recording is input from someone else: its bodies must stay inside its folder and be regular
/// files, and a broken `index.json` is refused with the file, the JSON path and what was expected.
@Suite struct RecordingSafetyTests {
  private static let key = "GET https://ads.example/vast?id=7"

  /// A recording folder whose one exchange names `body`; `prepare` adds files before loading.
  private func recording(body: String, _ prepare: (URL) throws -> Void = { _ in }) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "adhost-rec-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("bodies"), withIntermediateDirectories: true)
    let exchange: [String: Any] = [
      "key": Self.key, "method": "GET", "url": "https://ads.example/vast?id=7", "status": 200, "body": body,
    ]
    let index = try JSONSerialization.data(withJSONObject: ["version": 1, "exchanges": [exchange]])
    try index.write(to: folder.appendingPathComponent("index.json"))
    try prepare(folder)
    return folder
  }

  /// The message loading `folder` fails with (nil when it loads).
  private func loadError(_ folder: URL) -> String? {
    do {
      _ = try OfflineTransport(folder: folder)
      return nil
    } catch {
      return "\(error)"
    }
  }

  private func expectRefused(_ body: String, _ reason: String, _ prepare: (URL) throws -> Void = { _ in })
    throws
  {
    let folder = try recording(body: body, prepare)
    defer { try? FileManager.default.removeItem(at: folder) }
    let message = try #require(loadError(folder), "a recording with body \(body) was accepted")
    #expect(message.contains(folder.appendingPathComponent("index.json").path), "\(message)")
    #expect(message.contains("exchanges[0].body"), "\(message)")
    #expect(message.contains(Self.key), "\(message)")
    #expect(message.contains(reason), "\(message)")
    #expect(message.contains("expected a file inside the recording folder"), "\(message)")
  }

  @Test func bodiesOutsideTheFolderAreRefused() throws {
    try expectRefused("../../../../../../../../etc/passwd", "leaves the recording folder")
    try expectRefused("bodies/../../x.bin", "leaves the recording folder")
    try expectRefused("/etc/passwd", "is an absolute path")
    try expectRefused("file:///etc/passwd", "is a URL")
    try expectRefused("http://127.0.0.1:8765/file/t.xml", "is a URL")
    try expectRefused("bodies/000001.bin\u{0}../../etc/passwd", "is not a file name")
    try expectRefused("bodies/000001.bin", "no such file")
  }

  @Test func symbolicLinksAreResolvedBeforeTheCheck() throws {
    try expectRefused("bodies/000001.bin", "outside the recording folder") { folder in
      try FileManager.default.createSymbolicLink(
        atPath: folder.appendingPathComponent("bodies/000001.bin").path, withDestinationPath: "/etc/passwd")
    }
    try expectRefused("bodies/000001.bin", "outside the recording folder") { folder in
      try FileManager.default.createSymbolicLink(
        atPath: folder.appendingPathComponent("bodies/000001.bin").path, withDestinationPath: "/dev/zero")
    }
    // A link that stays inside the folder is a body like any other.
    let folder = try recording(body: "bodies/link.bin") { folder in
      try Data("inside".utf8).write(to: folder.appendingPathComponent("bodies/real.bin"))
      try FileManager.default.createSymbolicLink(
        atPath: folder.appendingPathComponent("bodies/link.bin").path, withDestinationPath: "real.bin")
    }
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(loadError(folder) == nil)
  }

  @Test func bodiesMustBeRegularFiles() throws {
    try expectRefused("bodies", "a directory, not a regular file")
    try expectRefused("bodies/fifo", "a FIFO, not a regular file") { folder in
      #expect(mkfifo(folder.appendingPathComponent("bodies/fifo").path, 0o600) == 0)
    }
  }

  @Test func aRecordedBodyOverTheCapIsRefusedWithoutReadingIt() async throws {
    let folder = try recording(body: "bodies/000001.bin") { folder in
      let path = folder.appendingPathComponent("bodies/000001.bin").path
      #expect(FileManager.default.createFile(atPath: path, contents: nil))
      let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
      try handle.truncate(atOffset: 50 << 20)  // sparse: 50 MB that take no disk
      try handle.close()
    }
    defer { try? FileManager.default.removeItem(at: folder) }
    let client = HTTPClient(timeout: 2, transport: try OfflineTransport(folder: folder))
    let url = try #require(URL(string: "https://ads.example/vast?id=7"))
    await #expect(throws: HTTPError.bodyTooLarge(url, limit: 4 << 20)) { _ = try await client.get(url) }
  }

  @Test func aGoodRecordingStillReplays() async throws {
    let folder = try recording(body: "bodies/000001.bin") { folder in
      try Data("<VAST/>".utf8).write(to: folder.appendingPathComponent("bodies/000001.bin"))
    }
    defer { try? FileManager.default.removeItem(at: folder) }
    let client = HTTPClient(timeout: 2, transport: try OfflineTransport(folder: folder))
    let url = try #require(URL(string: "https://ads.example/vast?id=7&cb=5"))
    #expect(try await client.get(url).body == Data("<VAST/>".utf8))
  }

  /// The message for an `index.json` holding `text`.
  private func indexError(_ text: String) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "adhost-rec-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(text.utf8).write(to: folder.appendingPathComponent("index.json"))
    let message = try #require(loadError(folder))
    #expect(message.hasPrefix(folder.appendingPathComponent("index.json").path), "\(message)")
    return message
  }

  @Test func brokenIndexesNameThePathAndWhatWasExpected() throws {
    #expect(try indexError("").contains("not valid JSON"))
    #expect(try indexError("{\"version\": 1, \"exchanges\": [{\"key\": \"GET h").contains("not valid JSON"))
    #expect(
      try indexError("{\"version\": \"1\", \"exchanges\": []}").contains("version: expected an integer"))
    #expect(
      try indexError("{\"version\": 99, \"exchanges\": []}").contains(
        "version: 99 is not a recording version"))
    #expect(
      try indexError("{\"version\": 1, \"exchanges\": {\"a\": 1}}").contains("exchanges: expected an array"))
    #expect(
      try indexError("{\"version\": 1, \"exchanges\": [{\"key\": 5, \"method\": \"GET\", \"url\": \"u\"}]}")
        .contains("exchanges[0].key: expected a string"))
    #expect(
      try indexError("{\"version\": 1, \"exchanges\": [{\"method\": \"GET\", \"url\": \"u\"}]}")
        .contains("exchanges[0].key: missing"))
    #expect(
      try indexError(
        "{\"version\": 1, \"exchanges\": [{\"key\": \"k\", \"method\": \"GET\", \"url\": \"u\", \"status\": -1}]}"
      )
      .contains("exchanges[0].status: expected an HTTP status from 100 to 599, got -1"))
    let missing = FileManager.default.temporaryDirectory.appendingPathComponent(
      "adhost-none-\(UUID().uuidString)")
    #expect(loadError(missing)?.contains("index.json: no such file") == true)
  }
}

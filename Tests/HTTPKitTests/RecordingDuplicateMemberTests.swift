import Foundation
import HTTPKit
import Testing

/// A name twice in one object of `index.json` is refused (the decoder would keep one of the two
/// silently); the same request key in two exchanges is the format's way to record a repeat.
@Suite struct RecordingDuplicateMemberTests {
  private static let exchange =
    "{\"key\": \"GET https://ads.example/v\", \"method\": \"GET\", \"url\": \"https://ads.example/v\""

  /// A recording folder whose `index.json` holds `text`; removed after `body` runs.
  private func withIndex(_ text: String, _ body: (URL) async throws -> Void) async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "adhost-rec-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(text.utf8).write(to: folder.appendingPathComponent("index.json"))
    try await body(folder)
  }

  private func loadError(_ text: String) async throws -> String {
    var message = ""
    try await withIndex(text) { folder in
      do {
        _ = try OfflineTransport(folder: folder)
      } catch {
        message = "\(error)"
      }
      #expect(message.hasPrefix(folder.appendingPathComponent("index.json").path + " "), "\(message)")
    }
    return message
  }

  @Test func aRepeatedNameIsReportedAtItsSecondOccurrence() async throws {
    // The shared hostile corpus's rec/dup_keys_json: both top-level names twice.
    let top = try await loadError(
      "{\"version\":1,\"version\":2,\"exchanges\":[],\"exchanges\":[\(Self.exchange), \"status\": 200}]}")
    #expect(
      top.hasSuffix(
        "index.json version: \"version\" appears a second time in the same object;"
          + " expected each name once (a repeated request is a second entry in exchanges)"), "\(top)")
    let status = try await loadError(
      "{\"version\": 1, \"exchanges\": [\(Self.exchange)}, \(Self.exchange), \"status\": 200, \"status\": 500}]}"
    )
    #expect(status.contains("index.json exchanges[1].status: \"status\" appears a second time"), "\(status)")
    // The same name in two objects is fine; escapes are undone before comparing (\u0074 is t).
    let header = try await loadError(
      "{\"version\": 1, \"exchanges\": [\(Self.exchange), \"note\": [1, {\"a\": 1}, {\"a\": [2]}],"
        + " \"headers\": {\"content-type\": \"a\", \"content-\\u0074ype\": \"b\"}}]}")
    #expect(
      header.contains("index.json exchanges[0].headers.content-type: \"content-type\" appears a second"),
      "\(header)")
  }

  @Test func theSameRequestKeyInTwoExchangesStillReplaysInOrder() async throws {
    let text =
      "{\"version\": 1, \"exchanges\": [\(Self.exchange), \"failure\": \"first\"},"
      + " \(Self.exchange), \"failure\": \"second\"}]}"
    try await withIndex(text) { folder in
      let client = HTTPClient(timeout: 2, transport: try OfflineTransport(folder: folder))
      let url = try #require(URL(string: "https://ads.example/v"))
      for expected in ["first", "second"] {
        await #expect(throws: HTTPError.network(url, "recorded failure: \(expected)")) {
          _ = try await client.get(url)
        }
      }
    }
  }
}

import Foundation
import Testing

@testable import HTTPKit

/// Replays of one recording that share a `RecordingIndexCache` (the scenarios of one `adhost
/// test`) parse its `index.json` once; an index rewritten since is parsed again.
@Suite struct RecordingIndexCacheTests {
  private func write(_ scratch: RecordingScratch, answer: String) throws {
    let bodies = scratch.folder.appendingPathComponent("bodies")
    try FileManager.default.createDirectory(at: bodies, withIntermediateDirectories: true)
    try Data(answer.utf8).write(to: bodies.appendingPathComponent("\(answer).bin"))
    let index = """
      {"version": 1, "exchanges": [{"key": "GET https://a.example/x", "method": "GET",
      "url": "https://a.example/x", "status": 200, "body": "bodies/\(answer).bin"}]}
      """
    try Data(index.utf8).write(to: scratch.folder.appendingPathComponent("index.json"))
  }

  private func body(_ transport: OfflineTransport) async throws -> String {
    let client = HTTPClient(timeout: 5, transport: transport)
    let response = try await client.send(HTTPRequest(url: try #require(URL(string: "https://a.example/x"))))
    return String(decoding: response.body, as: UTF8.self)
  }

  @Test func replaysOfOneRecordingParseItsIndexOnce() async throws {
    let scratch = RecordingScratch()
    defer { scratch.remove() }
    try write(scratch, answer: "first")
    let cache = RecordingIndexCache()
    for _ in 0..<4 {
      #expect(try await body(OfflineTransport(folder: scratch.folder, cache: cache)) == "first")
    }
    #expect(cache.parses == 1)
    #expect(cache.hits == 3)

    // Rewritten: parsed again, and the replay answers from the new index.
    try write(scratch, answer: "second")
    #expect(try await body(OfflineTransport(folder: scratch.folder, cache: cache)) == "second")
    #expect(cache.parses == 2)
    #expect(cache.hits == 3)
  }

  @Test func aBodyRemovedSinceTheIndexWasCachedIsStillRefusedAtLoad() throws {
    let scratch = RecordingScratch()
    defer { scratch.remove() }
    try write(scratch, answer: "first")
    let cache = RecordingIndexCache()
    _ = try OfflineTransport(folder: scratch.folder, cache: cache)
    try FileManager.default.removeItem(at: scratch.folder.appendingPathComponent("bodies/first.bin"))
    #expect(throws: RecordingError.self) { try OfflineTransport(folder: scratch.folder, cache: cache) }
    #expect(cache.hits == 1)
  }
}

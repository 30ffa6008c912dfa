import Foundation
import HTTPKit
import Testing

/// A recording made before recordings kept what requests send (format version 1) replays as
/// before — method and URL only — with one note saying so; extended, it keeps its old exchanges so.
@Suite struct LegacyRecordingTests {
  private func writeVersion1(_ scratch: RecordingScratch) throws {
    try FileManager.default.createDirectory(
      at: scratch.folder.appendingPathComponent("bodies"), withIntermediateDirectories: true)
    try Data(#"{"sessionId":"s1"}"#.utf8).write(
      to: scratch.folder.appendingPathComponent("bodies/000001.bin"))
    let index = """
      {"version": 1, "exchanges": [
        {"key": "POST https://stitcher.example/session?token=abc", "method": "POST",
         "url": "https://stitcher.example/session?token=abc", "status": 200, "body": "bodies/000001.bin"}
      ]}
      """
    try Data(index.utf8).write(to: scratch.folder.appendingPathComponent("index.json"))
  }

  @Test func anOldRecordingReplaysOnMethodAndURLWithItsNote() async throws {
    let scratch = RecordingScratch()
    defer { scratch.remove() }
    try writeVersion1(scratch)
    let (client, transport) = try scratch.replay()
    let url = try #require(URL(string: "https://stitcher.example/session?token=abc"))
    for body in [#"{"any":"body"}"#, "other"] {
      #expect(try await client.send(post(url, body)).body == Data(#"{"sessionId":"s1"}"#.utf8))
    }
    #expect(transport.unmatched.isEmpty)
    #expect(
      transport.note
        == "the recording \(scratch.folder.relativePath) holds its requests without what they sent (recorded before "
        + "format version 2): they match on method and URL only, not on body or headers; record again "
        + "(--record) to match those too")
  }

  @Test func aNewRecordingHasNoNote() async throws {
    let server = try echoServer()
    defer { server.stop() }
    let scratch = RecordingScratch()
    defer { scratch.remove() }
    let (client, recorder) = try scratch.recorder()
    _ = try await client.get(server.url("/a"))
    recorder.finish()
    #expect(try scratch.index().contains(#""version" : 2"#))
    #expect(try scratch.replay().1.note == nil)
  }

  @Test func anOldRecordingExtendedKeepsItsExchangesMatchingOnTheURL() async throws {
    let server = try echoServer()
    defer { server.stop() }
    let scratch = RecordingScratch()
    defer { scratch.remove() }
    try writeVersion1(scratch)
    let (recordingClient, recorder) = try scratch.recorder()
    _ = try await recordingClient.send(post(server.url("/new"), #"{"n":1}"#))
    recorder.finish()
    let (client, transport) = try scratch.replay()
    // The old exchange, keyed again without its redacted parameter, matches any token and body.
    let old = try #require(URL(string: "https://stitcher.example/session?token=xyz"))
    #expect(try await client.send(post(old, "whatever")).status == 200)
    await #expect(throws: HTTPError.recordedDifferently(server.url("/new"), "body n: recorded 1, sent 2")) {
      _ = try await client.send(post(server.url("/new"), #"{"n":2}"#))
    }
    #expect(transport.note?.contains("holds 1 of its 2 requests without what they sent") == true)
  }
}

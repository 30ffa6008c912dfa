import Foundation
import HTTPKit
import LoopbackHTTP
import Testing

/// `--map-host RECORDED=SENT`: a recording made against one host and port replays against another.
@Suite struct HostMappingTests {
  @Test func aRecordingReplaysAgainstAnotherPort() async throws {
    let recordedServer = try echoServer()
    let scratch = RecordingScratch()
    defer { scratch.remove() }
    let (client, recorder) = try scratch.recorder()
    let recordedAnswer = try await client.send(post(recordedServer.url("/session?id=1"), #"{"a":1}"#))
    recorder.finish()
    recordedServer.stop()

    // The same fixture started again gets another port.
    let server = try echoServer()
    defer { server.stop() }
    #expect(server.port != recordedServer.port)
    let sent = server.url("/session?id=1")
    await #expect(throws: HTTPError.notRecorded(sent)) {
      _ = try await scratch.replay().0.send(post(sent, #"{"a":1}"#))
    }
    let mapping = try HostMapping("127.0.0.1:\(recordedServer.port)=127.0.0.1:\(server.port)")
    let (offline, replay) = try scratch.replay(mappingHosts: [mapping])
    let answer = try await offline.send(post(sent, #"{"a":1}"#))
    #expect(answer.body == recordedAnswer.body)
    #expect(answer.url == sent)
    let recordedAs = recordedServer.url("/session?id=1")
    await #expect(
      throws: HTTPError.recordedDifferently(sent, "body a: recorded 1, sent 2", recordedAs: recordedAs)
    ) {
      _ = try await offline.send(post(sent, #"{"a":2}"#))
    }
    #expect(server.requests.isEmpty)  // a replay never touches the network
    #expect(replay.unmatched.first?.key == "POST http://127.0.0.1:\(recordedServer.port)/session?id=1")
  }

  @Test func mappingsReadHostsPortsAndIPv6() throws {
    #expect(try HostMapping("Ads.Example=localhost:8080").description == "ads.example=localhost:8080")
    #expect(try HostMapping("[::1]:8080=127.0.0.1:9").description == "[::1]:8080=127.0.0.1:9")
    let mapping = try HostMapping("ads.example=127.0.0.1:9000")
    #expect(mapping.recorded.host == "ads.example" && mapping.recorded.port == nil)
    #expect(mapping.sent.host == "127.0.0.1" && mapping.sent.port == 9000)
    for bad in ["ads.example", "=b", "a=", "a:0=b", "a=b:99999", "a=b:x", "a b=c"] {
      #expect(throws: HostMappingError.self, "\(bad)") { try HostMapping(bad) }
    }
    #expect(throws: HostMappingError.self) { try HostMapping("x") }
    do {
      _ = try HostMapping("x")
    } catch {
      #expect(
        error.description
          == "expected RECORDED=SENT, each a host or host:port (such as 127.0.0.1:8080=127.0.0.1:53124), got 'x'"
      )
    }
  }

  /// A recording made against `https://cdn.example/…` (keys without a port).
  static func defaultPortRecording(_ scratch: RecordingScratch) throws {
    try FileManager.default.createDirectory(
      at: scratch.folder.appendingPathComponent("bodies"), withIntermediateDirectories: true)
    try Data("#EXTM3U\n".utf8).write(to: scratch.folder.appendingPathComponent("bodies/000000.bin"))
    let index = """
      {"version": 2, "exchanges": [{"key": "GET https://cdn.example/v/media.m3u8", "method": "GET",
       "url": "https://cdn.example/v/media.m3u8", "request": {}, "status": 200, "headers": {},
       "body": "bodies/000000.bin"}]}
      """
    try Data(index.utf8).write(to: scratch.folder.appendingPathComponent("index.json"))
  }

  @Test(arguments: [
    "cdn.example:443=cdn.example", "cdn.example=cdn.example:443", "cdn.example:443=cdn.example:443",
    "cdn.example:443=localhost:8443",
  ])
  func anExplicitDefaultPortIsNoPortOnEitherSide(_ mapping: String) async throws {
    let scratch = RecordingScratch()
    defer { scratch.remove() }
    try Self.defaultPortRecording(scratch)
    let (client, _) = try scratch.replay(mappingHosts: [try HostMapping(mapping)])
    let sentHost = mapping.hasSuffix("localhost:8443") ? "localhost:8443" : "cdn.example"
    let answer = try await client.get(try #require(URL(string: "https://\(sentHost)/v/media.m3u8")))
    #expect(String(decoding: answer.body, as: UTF8.self) == "#EXTM3U\n")
    // The sent URL's own explicit default port is no port either.
    if sentHost == "cdn.example" {
      _ = try await client.get(try #require(URL(string: "https://cdn.example:443/v/media.m3u8")))
    }
  }

  @Test func anUnmatchedMappedRequestNamesBothURLs() async throws {
    let scratch = RecordingScratch()
    defer { scratch.remove() }
    try Self.defaultPortRecording(scratch)
    let (client, _) = try scratch.replay(mappingHosts: [try HostMapping("cdn.example:8443=localhost:9")])
    let sent = try #require(URL(string: "https://localhost:9/v/media.m3u8"))
    do {
      _ = try await client.get(sent)
      Issue.record("answered")
    } catch {
      #expect(
        error.description
          == "https://localhost:9/v/media.m3u8: no recorded response matches this request (offline mode,"
          + " looked up as https://cdn.example:8443/v/media.m3u8 (--map-host))")
    }
  }
}

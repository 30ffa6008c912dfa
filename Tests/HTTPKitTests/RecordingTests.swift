import Foundation
import HTTPKit
import LoopbackHTTP
import Testing

/// `RecordingTransport` saves a real run; `OfflineTransport` replays it without the network.
@Suite struct RecordingTests {
  private func temporaryFolder() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("adhost-recording-\(UUID().uuidString)")
  }

  @Test func recordThenReplayIgnoringCacheBusters() async throws {
    let server = try LoopbackServer()
    let folder = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    server.route("/vast") { request in .text("<VAST version=\"4.1\"/> id=\(request.query["id"] ?? "")") }
    server.route("/gone") { _ in .text("nope", status: 404) }
    let recorder = HTTPClient(timeout: 2, transport: try RecordingTransport(folder: folder))
    let first = try await recorder.get(server.url("/vast?id=7&cb=11111111&correlator=5"))
    let missing = try await recorder.get(server.url("/gone"))
    #expect(missing.status == 404)
    server.stop()

    let index = try String(contentsOf: folder.appendingPathComponent("index.json"), encoding: .utf8)
    #expect(index.contains("\"exchanges\""))
    let offline = HTTPClient(timeout: 2, transport: try OfflineTransport(folder: folder))
    let replay = try await offline.get(server.url("/vast?cb=99999999&id=7"))
    #expect(replay.body == first.body)
    #expect(replay.status == 200)
    #expect(try await offline.get(server.url("/gone")).status == 404)
    await #expect(throws: HTTPError.notRecorded(server.url("/vast?id=8"))) {
      _ = try await offline.get(server.url("/vast?id=8"))
    }
  }

  @Test func recordedFailuresReplayAsFailures() async throws {
    let server = try LoopbackServer()
    let folder = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    server.route("/hang") { _ in LoopbackResponse(fault: .closeWithoutAnswer) }
    let recorder = HTTPClient(timeout: 2, transport: try RecordingTransport(folder: folder))
    await #expect(throws: HTTPError.self) { _ = try await recorder.get(server.url("/hang")) }
    server.stop()
    let offline = HTTPClient(timeout: 2, transport: try OfflineTransport(folder: folder))
    do {
      _ = try await offline.get(server.url("/hang"))
      Issue.record("replay should fail")
    } catch {
      guard case .network(_, let message) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(message.contains("recorded failure"))
    }
  }

  @Test func requestKeyDropsOnlyVolatileParameters() throws {
    let a = RequestKey(url: try #require(URL(string: "https://A.example/v?b=2&a=1&cb=3&CacheBuster=4#frag")))
    let b = RequestKey(url: try #require(URL(string: "https://a.example/v?a=1&b=2")))
    let c = RequestKey(url: try #require(URL(string: "https://a.example/v?a=1&b=3")))
    #expect(a == b)
    #expect(a != c)
    #expect(b.description == "GET https://a.example/v?a=1&b=2")
  }

  @Test func missingRecordingIsAClearError() {
    #expect(throws: (any Error).self) {
      _ = try OfflineTransport(folder: URL(fileURLWithPath: "/nonexistent/rec"))
    }
  }
}

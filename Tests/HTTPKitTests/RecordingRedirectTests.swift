import Foundation
import HTTPKit
import LoopbackHTTP
import Testing

/// A redirected answer keeps its final URL in the recording (`finalURL`), and a replay answers with
/// it: a plugin that takes its session from the URL a stitcher redirected to replays offline.
@Suite struct RecordingRedirectTests {
  @Test func aReplayAnswersWithTheRecordedFinalURL() async throws {
    let server = try LoopbackServer()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "adhost-recording-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    server.route("/csm/access/acc/asset.m3u8") { _ in .redirect(to: "/csm/session/s-7/master.m3u8") }
    server.route("/csm/session/s-7/master.m3u8") { _ in .text("#EXTM3U\n") }
    server.route("/plain") { _ in .text("plain") }
    let recorder = HTTPClient(timeout: 2, transport: try RecordingTransport(folder: folder))
    let recorded = try await recorder.get(server.url("/csm/access/acc/asset.m3u8"))
    #expect(recorded.url == server.url("/csm/session/s-7/master.m3u8"))
    _ = try await recorder.get(server.url("/plain"))
    server.stop()

    // Until the recording finishes, its exchanges are lines of the journal.
    let journal = try String(contentsOf: folder.appendingPathComponent("index.journal"), encoding: .utf8)
    #expect(journal.contains("\"finalURL\""))
    let offline = HTTPClient(timeout: 2, transport: try OfflineTransport(folder: folder))
    let replay = try await offline.get(server.url("/csm/access/acc/asset.m3u8"))
    #expect(replay.url == server.url("/csm/session/s-7/master.m3u8"))
    #expect(replay.redirects.isEmpty)
    #expect(replay.body == Data("#EXTM3U\n".utf8))
    #expect(try await offline.get(server.url("/plain")).url == server.url("/plain"))
  }
}

import Foundation
import LoopbackHTTP
import Testing

@testable import HTTPKit

/// `--record` appends each exchange to `index.journal` instead of rewriting `index.json`: the
/// bytes written grow linearly with the exchanges, what was recorded before an interrupt
/// replays, and `finish()` leaves `index.json` in its format and no journal.
@Suite struct RecordingJournalTests {
  private func temporaryFolder() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("adhost-journal-\(UUID().uuidString)")
  }

  /// Records `count` beacons to a loopback server; returns the bytes of index and journal written.
  private func record(_ count: Int, into folder: URL, server: LoopbackServer) async throws
    -> RecordingTransport
  {
    let recorder = try RecordingTransport(folder: folder)
    let client = HTTPClient(timeout: 5, transport: recorder)
    for index in 0..<count {
      _ = try await client.get(server.url("/b\(index)?cb=\(index)"))
    }
    return recorder
  }

  @Test func recordingIsLinearInTheExchanges() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.fallback { _ in .text("", status: 204) }
    var written: [Int] = []
    for count in [50, 400] {
      let folder = temporaryFolder()
      defer { try? FileManager.default.removeItem(at: folder) }
      let recorder = try await record(count, into: folder, server: server)
      recorder.finish()
      written.append(recorder.indexBytesWritten)
    }
    #expect(written[1] <= written[0] * 10, "50 exchanges: \(written[0]) bytes, 400: \(written[1]) bytes")
  }

  @Test func whatWasRecordedBeforeAnInterruptReplays() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.fallback { request in .text("answer \(request.path)") }
    let folder = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // The run is interrupted: no finish(); the recorder is kept alive (a killed process never
    // gets to its deinit either).
    let recorder = try await record(30, into: folder, server: server)
    let journal = RecordingJournal.url(folder)
    #expect(FileManager.default.fileExists(atPath: journal.path))
    // A crash cut the last line short.
    let handle = try FileHandle(forWritingTo: journal)
    try handle.seekToEnd()
    try handle.write(contentsOf: Data("{\"exchange\":{\"key\":\"GET".utf8))
    try handle.close()
    let offline = HTTPClient(timeout: 2, transport: try OfflineTransport(folder: folder))
    for index in 0..<30 {
      let answer = try await offline.get(server.url("/b\(index)?cb=999"))
      #expect(String(decoding: answer.body, as: UTF8.self) == "answer /b\(index)")
    }
    _ = recorder
  }

  @Test func finishWritesTheIndexAndRemovesTheJournal() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.fallback { _ in .text("ok") }
    let folder = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let recorder = try await record(5, into: folder, server: server)
    recorder.finish()
    #expect(!FileManager.default.fileExists(atPath: RecordingJournal.url(folder).path))
    let data = try Data(contentsOf: folder.appendingPathComponent("index.json"))
    let index = try JSONDecoder().decode(RecordingIndex.self, from: data)
    #expect(index.exchanges.map(\.url) == (0..<5).map { server.url("/b\($0)?cb=\($0)").absoluteString })
    // Extending the recording: a journal line for an exchange index.json holds already (left by
    // a crash between writing the index and removing the journal) is not read twice.
    let stale = try RecordingJournal.line(index.exchanges[4], at: 4)
    try stale.write(to: RecordingJournal.url(folder))
    let again = try await record(2, into: folder, server: server)
    again.finish()
    let extended = try RecordingFolder.load(folder)
    #expect(extended.exchanges.count == 7)
  }

  @Test func aJournalWithAGapIsRefusedByLine() throws {
    let folder = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data(#"{"version":1,"exchanges":[]}"#.utf8).write(to: folder.appendingPathComponent("index.json"))
    let exchange = RecordedExchange(key: "GET https://t.example/a", url: "https://t.example/a", failure: "x")
    try (RecordingJournal.line(exchange, at: 0) + RecordingJournal.line(exchange, at: 2))
      .write(to: RecordingJournal.url(folder))
    #expect(throws: RecordingError.self) { _ = try RecordingFolder.load(folder) }
    do {
      _ = try RecordingFolder.load(folder)
    } catch {
      #expect(
        error.description.hasSuffix("index.journal line 2: expected the exchange at position 1, found 2"))
    }
  }
}

import Foundation
import Testing

/// `--record DIR --keep-media` keeps the media segments whole, for an engine that decodes them
/// (docs/http.md "Media segments"); without it they are recorded trimmed.
@Suite struct KeepMediaRecordingTests {
  /// The `trimmedFrom` marks and the body sizes of a recording of the in-band stream (a playlist
  /// and two segments, each with two 2,000-byte video PES).
  private func record(_ more: [String]) async throws -> (marks: Int, sizes: [Int]) {
    let scratch = try FileManager.default.temporaryDirectory.appendingPathComponent(
      "adhost-keep-media-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let server = try InbandCueRunTests.serve()
    let run = try await InbandCueRunTests().run(["--record", scratch.path] + more, server: server)
    #expect(run.code == 0, "\(run.errors)")
    let index = try String(contentsOf: scratch.appendingPathComponent("index.json"), encoding: .utf8)
    let bodies = try FileManager.default.contentsOfDirectory(
      at: scratch.appendingPathComponent("bodies"), includingPropertiesForKeys: nil)
    let sizes = try bodies.map { try Data(contentsOf: $0).count }
    return (index.components(separatedBy: "\"trimmedFrom\"").count - 1, sizes.sorted())
  }

  @Test func keepMediaRecordsTheSegmentsWhole() async throws {
    let trimmed = try await record([])
    #expect(trimmed.marks == 2)
    #expect(trimmed.sizes.allSatisfy { $0 < 4_000 }, "\(trimmed)")
    let kept = try await record(["--keep-media"])
    #expect(kept.marks == 0)
    #expect(kept.sizes.count == 3)
    #expect(kept.sizes.suffix(2).allSatisfy { $0 >= 4_000 }, "\(kept)")
  }

  @Test func keepMediaWithoutRecordIsAUsageError() async throws {
    let run = try await InbandCueRunTests().run(["--keep-media"])
    #expect(run.code == 64)
    #expect(run.errors.contains("--keep-media: keeps media whole in a recording: give --record DIR too"))
  }
}

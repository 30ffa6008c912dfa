import Foundation
import TestFiles
import Testing

/// An `--offline` run whose requests the recording cannot answer says which, once each, and fails
/// unless `--allow-unmatched`.
@Suite struct UnmatchedReplayTests {
  /// A run whose plugin GETs `urls` in `setSource`, against an empty recording.
  private func run(_ urls: [String], _ extra: [String] = []) async throws -> RunResult {
    let scratch = try Scratch()
    let recording = scratch.folder.appendingPathComponent("recording")
    try FileManager.default.createDirectory(at: recording, withIntermediateDirectories: true)
    try Data(#"{"version": 1, "exchanges": []}"#.utf8).write(
      to: recording.appendingPathComponent("index.json"))
    let gets = urls.map { "http.get(\"\($0)\")" }.joined(separator: "\n")
    let plugin = try scratch.write(
      "plugin.lua",
      """
      player.ads:registerServerSideIntegration("test", function(controller)
        return { setSource = function() \(gets) return true end }
      end)
      """)
    let source = try scratch.source(duration: 10, ssai: #"{"integration": "test"}"#)
    return await adhost(["run", plugin, source, "--offline", recording.path] + extra)
  }

  @Test func unmatchedRequestsAreSummarisedAndFailTheRun() async throws {
    let result = try await run([
      "https://ads.example/vast?id=1&cb=1", "https://ads.example/vast?id=1&cb=2", "https://t.example/imp",
    ])
    #expect(result.code == 1, "\(result.errors)")
    #expect(
      result.errors.contains("adhost run: 3 requests matched nothing in the recording"), "\(result.errors)")
    #expect(result.errors.contains("  2× GET https://ads.example/vast?id=1\n"), "\(result.errors)")
    #expect(result.errors.contains("  1× GET https://t.example/imp\n"), "\(result.errors)")
    #expect(result.errors.contains("--allow-unmatched"))
  }

  @Test func allowUnmatchedListsThemButSucceeds() async throws {
    let result = try await run(["https://t.example/imp"], ["--allow-unmatched"])
    #expect(result.code == 0, "\(result.errors)")
    #expect(result.errors.contains("1 request matched nothing in the recording"), "\(result.errors)")
    #expect(result.errors.contains("(allowed by --allow-unmatched)"), "\(result.errors)")
  }

  @Test func aFullyAnsweredReplayPrintsNoSummary() async throws {
    let result = try await run([])
    #expect(result.code == 0, "\(result.errors)")
    #expect(!result.errors.contains("matched nothing"))
  }
}

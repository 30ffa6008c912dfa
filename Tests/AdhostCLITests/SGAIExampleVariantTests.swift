import Foundation
import TestFiles
import Testing

/// Each scenario of examples/sgai passes against its recording and fails against a variant of
/// the recording that breaks the behaviour it guards: the scenarios catch what they claim to.
@Suite struct SGAIExampleVariantTests {
  /// A body of the recording to change: the exchange of `url`, `from` replaced by `to`.
  struct Edit {
    let url: String
    let from: String
    let to: String
  }

  static let dash = repositoryRoot.appendingPathComponent("examples/sgai/dash")
  static let host = "http://127.0.0.1:18344/"

  /// The scenario `name` run by `adhost test` on a copy of the example whose recording has
  /// `edits` made (none: as shipped).
  func test(_ name: String, _ edits: [Edit]) async throws -> RunResult {
    let scratch = try Scratch()
    let copy = scratch.folder.appendingPathComponent("dash")
    try FileManager.default.copyItem(at: Self.dash, to: copy)
    let recording = copy.appendingPathComponent("recording")
    let index = try #require(
      JSONSerialization.jsonObject(with: Data(contentsOf: recording.appendingPathComponent("index.json")))
        as? [String: Any])
    let exchanges = try #require(index["exchanges"] as? [[String: Any]])
    for edit in edits {
      let exchange = try #require(exchanges.first { $0["url"] as? String == edit.url }, "\(edit.url)")
      let body = recording.appendingPathComponent(try #require(exchange["body"] as? String))
      let text = try String(contentsOf: body, encoding: .utf8)
      #expect(text.contains(edit.from), "\(edit.url) has no \(edit.from)")
      try text.replacingOccurrences(of: edit.from, with: edit.to).write(
        to: body, atomically: false, encoding: .utf8)
    }
    // The copy's plugin path: the repository's plugin, wherever the copy is.
    let scenario = copy.appendingPathComponent("tests/\(name).scenario.json")
    let text = try String(contentsOf: scenario, encoding: .utf8)
    try text.replacingOccurrences(
      of: "../../../../plugins/interstitials.lua",
      with: repositoryRoot.appendingPathComponent("plugins/interstitials.lua").path
    ).write(to: scenario, atomically: false, encoding: .utf8)
    return await adhost(["test", scenario.path])
  }

  @Test(arguments: [
    // Insert instead of replace: the content's time stands still, so it resumes at 10 s, not 30 s.
    (
      "replace-and-insert",
      [
        Edit(url: host + "main.mpd?session=s1", from: "alternativeMPD:replace", to: "alternativeMPD:insert"),
        Edit(url: host + "main.mpd?session=s1", from: "ReplacePresentation", to: "InsertPresentation"),
      ]
    ),
    // The List MPD's first ad is the failing one too: no ad of the break plays.
    ("imported-mpd-fails", [Edit(url: host + "ads/break1?session=s1", from: "ad1.mpd", to: "ad2.mpd")]),
    // The event lasts nothing: the content goes on from 10 s, not from the event's end.
    (
      "endpoint-fails",
      [Edit(url: host + "main.mpd?session=s1", from: #"duration="1800000""#, to: #"duration="0""#)]
    ),
  ])
  func aScenarioPassesAsShippedAndFailsOnTheVariantThatBreaksWhatItGuards(
    name: String, edits: [Edit]
  ) async throws {
    let shipped = try await test(name, [])
    #expect(shipped.code == 0, "\(shipped.output)\(shipped.errors)")
    let broken = try await test(name, edits)
    #expect(broken.code == 1, "\(broken.output)\(broken.errors)")
    #expect(broken.output.contains("FAIL"), "\(broken.output)")
  }
}

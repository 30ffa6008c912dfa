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

  static let dash = "http://127.0.0.1:18344/"
  static let hls = "http://127.0.0.1:18345/"

  /// The scenario `name` (`dash/…` or `hls/…`) run by `adhost test` on a copy of its example
  /// whose recording has `edits` made (none: as shipped).
  func test(_ path: String, _ edits: [Edit]) async throws -> RunResult {
    let scratch = try Scratch()
    let (example, name) = (String(path.prefix { $0 != "/" }), String(path.drop { $0 != "/" }.dropFirst()))
    let copy = scratch.folder.appendingPathComponent(example)
    try FileManager.default.copyItem(
      at: repositoryRoot.appendingPathComponent("examples/sgai/" + example), to: copy)
    let recording = copy.appendingPathComponent("recording")
    let index = try #require(
      JSONSerialization.jsonObject(with: Data(contentsOf: recording.appendingPathComponent("index.json")))
        as? [String: Any])
    let exchanges = try #require(index["exchanges"] as? [[String: Any]])
    for edit in edits {
      let exchange = try #require(
        exchanges.first { ($0["url"] as? String)?.hasPrefix(edit.url) == true }, "\(edit.url)")
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
      "dash/replace-and-insert",
      [
        Edit(url: dash + "main.mpd?session=s1", from: "alternativeMPD:replace", to: "alternativeMPD:insert"),
        Edit(url: dash + "main.mpd?session=s1", from: "ReplacePresentation", to: "InsertPresentation"),
      ]
    ),
    // The List MPD's first ad is the failing one too: no ad of the break plays.
    ("dash/imported-mpd-fails", [Edit(url: dash + "ads/break1?session=s1", from: "ad1.mpd", to: "ad2.mpd")]),
    // The event lasts nothing: the content goes on from 10 s, not from the event's end.
    (
      "dash/endpoint-fails",
      [Edit(url: dash + "main.mpd?session=s1", from: #"duration="1800000""#, to: #"duration="0""#)]
    ),
    // The list's third asset is the failing second one again: it cannot play.
    ("hls/asset-fails", [Edit(url: hls + "lists/three.json", from: "a3/index.m3u8", to: "a2/index.m3u8")]),
    // Without DURATION the empty list's interstitial resumes where it paused (30 s), not at 35 s.
    ("hls/empty-list", [Edit(url: hls + "main.m3u8", from: "DURATION=5,", to: "")]),
    // A resumption offset of 3 s: the content would not go on from where it paused.
    (
      "hls/list-times-out",
      [
        Edit(
          url: hls + "main.m3u8", from: "three.json\",X-RESUME-OFFSET=0", to: "three.json\",X-RESUME-OFFSET=3"
        )
      ]
    ),
    // Without CUE=ONCE the interstitial at 45 s plays again after the seek back.
    ("hls/seek-back-once", [Edit(url: hls + "main.m3u8", from: ",CUE=\"ONCE\"", to: "")]),
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

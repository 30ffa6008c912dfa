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
  static let dashInband = "http://127.0.0.1:18348/"
  static let vod = "https://cdn.example/sgai/vod/"
  static let live = "https://cdn.example/sgai/live/"

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
      // Every answer of the URL (a live playlist's reloads), as bytes (a media segment's too).
      let bodies = exchanges.filter { ($0["url"] as? String)?.hasPrefix(edit.url) == true }
        .compactMap { $0["body"] as? String }.map(recording.appendingPathComponent)
      var changed = false
      for body in bodies {
        let (bytes, found) = Self.replacing(
          Array(edit.from.utf8), with: Array(edit.to.utf8), in: try Data(contentsOf: body))
        changed = changed || found
        try Data(bytes).write(to: body)
      }
      #expect(changed, "\(edit.url) has no \(edit.from)")
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

  /// `bytes` with every `from` replaced by `to`, and whether there was one.
  static func replacing(_ from: [UInt8], with to: [UInt8], in data: Data) -> ([UInt8], Bool) {
    let bytes = Array(data)
    var (out, index, found) = ([UInt8](), 0, false)
    while index < bytes.count {
      if index + from.count <= bytes.count, Array(bytes[index..<index + from.count]) == from {
        out += to
        index += from.count
        found = true
      } else {
        out.append(bytes[index])
        index += 1
      }
    }
    return (out, found)
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
    // B restricted with JUMP: the seek over it plays it first.
    (
      "hls-vod/seek-across-none",
      [
        Edit(
          url: vod + "seek-none.m3u8", from: #"none-b.json",X-RESUME-OFFSET=0"#,
          to: #"none-b.json",X-RESUME-OFFSET=0,X-RESTRICT="JUMP""#)
      ]
    ),
    // Only A restricted with JUMP: the snapback plays A, not B.
    (
      "hls-vod/seek-across-jump",
      [
        Edit(
          url: vod + "seek-jump.m3u8", from: #"jump-b.json",X-RESUME-OFFSET=0,X-RESTRICT="JUMP""#,
          to: #"jump-b.json",X-RESUME-OFFSET=0"#)
      ]
    ),
    // B restricted with SKIP and JUMP: the seek over it plays it first.
    (
      "hls-vod/seek-across-skip",
      [
        Edit(
          url: vod + "seek-skip.m3u8", from: #"skip-b.json",X-RESUME-OFFSET=0,X-RESTRICT="SKIP""#,
          to: #"skip-b.json",X-RESUME-OFFSET=0,X-RESTRICT="SKIP,JUMP""#)
      ]
    ),
    // B restricted with JUMP only: the seek while it plays leaves it.
    (
      "hls-vod/seek-across-skip-jump",
      [
        Edit(
          url: vod + "seek-skip-jump.m3u8",
          from: #"skip-jump-b.json",X-RESUME-OFFSET=0,X-RESTRICT="SKIP,JUMP""#,
          to: #"skip-jump-b.json",X-RESUME-OFFSET=0,X-RESTRICT="JUMP""#)
      ]
    ),
    // A playout limit at DURATION: the asset is cut at 5 s, its last beacons never fire.
    (
      "hls-vod/asset-longer-than-duration",
      [Edit(url: vod + "long-asset.m3u8", from: "DURATION=5", to: "DURATION=5,X-PLAYOUT-LIMIT=5")]
    ),
    // Not a pre-roll: dated before the join, without a duration, it never plays.
    ("hls-live/preroll-live-join", [Edit(url: live + "preroll.m3u8", from: #",CUE="PRE""#, to: "")]),
    // A resumption point still in the window (20 s) is where the content resumes, not 18 s.
    (
      "hls-live/resume-offset-window-moved",
      [Edit(url: live + "resume.m3u8", from: "X-RESUME-OFFSET=6", to: "X-RESUME-OFFSET=14")]
    ),
    // The emsg's scheme misspelt in the segment's bytes: no event, no ad.
    (
      "dash-inband/emsg-replace",
      [Edit(url: dashInband + "segment-2.m4s", from: "alternativeMPD:replace", to: "alternativeMPD:rePlace")]
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

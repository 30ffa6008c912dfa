import Foundation
import TestFiles
import Testing

/// The offline scenarios of examples/sgai/dynamic pass against their recordings (made from the
/// example's livesim2-style fixture server) and fail against a variant of the recording that
/// breaks the SVTA creative signaling they guard: its beacons at their offsets.
@Suite struct SGAIDynamicVariantTests {
  /// The scenario `name` run by `adhost test` on a copy of the example whose recording
  /// `recording` has `from` replaced by `to` in the body of the exchange whose URL starts with
  /// `url` (nil: as shipped).
  func test(_ name: String, recording: String, edit: (url: String, from: String, to: String)?) async throws
    -> RunResult
  {
    let scratch = try Scratch()
    let copy = scratch.folder.appendingPathComponent("dynamic")
    try FileManager.default.copyItem(
      at: repositoryRoot.appendingPathComponent("examples/sgai/dynamic"), to: copy)
    if let edit {
      let folder = copy.appendingPathComponent("recordings/\(recording)")
      let index = try #require(
        JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("index.json")))
          as? [String: Any])
      let exchanges = try #require(index["exchanges"] as? [[String: Any]])
      let exchange = try #require(exchanges.first { ($0["url"] as? String)?.hasPrefix(edit.url) == true })
      let body = folder.appendingPathComponent(try #require(exchange["body"] as? String))
      let text = try String(contentsOf: body, encoding: .utf8)
      #expect(text.contains(edit.from), "\(edit.url) has no \(edit.from)")
      try text.replacingOccurrences(of: edit.from, with: edit.to).write(
        to: body, atomically: false, encoding: .utf8)
    }
    let scenario = copy.appendingPathComponent("tests/\(name).scenario.json")
    let text = try String(contentsOf: scenario, encoding: .utf8)
    try text.replacingOccurrences(
      of: "../../../../plugins/interstitials.lua",
      with: repositoryRoot.appendingPathComponent("plugins/interstitials.lua").path
    ).write(to: scenario, atomically: false, encoding: .utf8)
    return await adhost(["test", scenario.path])
  }

  static let fixture = "http://127.0.0.1:18346/"

  @Test(arguments: [
    // The first ad's midpoint signaled at 3 s: its beacon would come 1 s late.
    (
      "dynamic-replace", "replace", fixture + "sgai/ads?break=1", #""midpoint", "offset": 2.0"#,
      #""midpoint", "offset": 3.0"#
    ),
    // The List MPD's EventStream of another scheme: the ad has no creative signaling, no beacons.
    (
      "dynamic-insert", "insert", fixture + "sgai/ads?break=2",
      "urn:svta:advertising-wg:ad-creative-signaling",
      "urn:example:not-creative-signaling"
    ),
    // The second asset's thirdQuartile at 5.5 s: its beacon would come 1 s late.
    ("svta-asset-list", "hls", fixture + "hls/list.json", #""offset": 4.5"#, #""offset": 5.5"#),
  ])
  func aScenarioPassesAsShippedAndFailsWhenTheSignalingMoves(
    name: String, recording: String, url: String, from: String, to: String
  ) async throws {
    let shipped = try await test(name, recording: recording, edit: nil)
    #expect(shipped.code == 0, "\(shipped.output)\(shipped.errors)")
    let broken = try await test(name, recording: recording, edit: (url, from, to))
    #expect(broken.code == 1, "\(broken.output)\(broken.errors)")
    #expect(broken.output.contains("FAIL"), "\(broken.output)")
  }
}

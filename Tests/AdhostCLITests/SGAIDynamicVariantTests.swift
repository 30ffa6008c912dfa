import Testing

/// The offline scenarios of examples/sgai/dynamic pass against their recording (made from the
/// example's livesim2-style fixture server) and fail against a variant of it that moves or drops
/// the SVTA creative signaling they guard (`SGAIExampleVariantTests.test` runs them).
@Suite struct SGAIDynamicVariantTests {
  typealias Edit = SGAIExampleVariantTests.Edit
  static let fixture = "http://127.0.0.1:18346/"

  @Test(arguments: [
    // The first ad's midpoint signaled at 3 s: its beacon would come 1 s late.
    (
      "dynamic/dynamic-replace",
      Edit(
        url: fixture + "sgai/ads?break=1", from: #""midpoint", "offset": 2.0"#,
        to: #""midpoint", "offset": 3.0"#)
    ),
    // The List MPD's EventStream of another scheme: the ad has no creative signaling, no beacons.
    (
      "dynamic/dynamic-insert",
      Edit(
        url: fixture + "sgai/ads?break=2", from: "urn:svta:advertising-wg:ad-creative-signaling",
        to: "urn:example:not-creative-signaling")
    ),
    // The second asset's thirdQuartile at 5.5 s: its beacon would come 1 s late.
    (
      "dynamic/svta-asset-list",
      Edit(url: fixture + "hls/list.json", from: #""offset": 4.5"#, to: #""offset": 5.5"#)
    ),
  ])
  func aScenarioPassesAsShippedAndFailsWhenTheSignalingMoves(name: String, edit: Edit) async throws {
    let shipped = try await SGAIExampleVariantTests().test(name, [])
    #expect(shipped.code == 0, "\(shipped.output)\(shipped.errors)")
    let broken = try await SGAIExampleVariantTests().test(name, [edit])
    #expect(broken.code == 1, "\(broken.output)\(broken.errors)")
    #expect(broken.output.contains("FAIL"), "\(broken.output)")
  }
}

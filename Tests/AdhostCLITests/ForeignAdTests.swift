import Testing

/// One plugin registers two integrations; the source plays "test", whose controller is then
/// handed the other integration's breaks and ads, or host objects of another type. The host stays
/// alive, the run fails with the code of a fatal setSource error (70, docs/cli.md) and the message
/// names the plugin's line and what the method expected.
@Suite struct ForeignAdTests {
  /// The plugin's other integration; its controller is `other` in the body of "test".
  static let other = """
    local other
    player.ads:registerServerSideIntegration("other", function(controller)
      other = controller
      return { setSource = function() return false end }
    end)

    """

  /// Runs `body` (one line: line 9 of the plugin, after the 5 lines of `other`) in the setSource
  /// of "test".
  func run(_ body: String) async throws -> RunResult {
    try await runSetSource(body, prelude: Self.other)
  }

  func expectRefused(_ body: String, _ expected: String) async throws {
    let run = try await run(body)
    #expect(run.code == 70, "\(body): \(run.errors)")
    #expect(run.errors.contains("plugin.lua:9: \(expected)"), "\(body): \(run.errors)")
  }

  static let otherBreak = "other:createAdBreak({timeOffset = 0})"
  static let otherAd = #"other:createAd({type = "linear", timeOffset = 0, id = "theirs"})"#

  @Test(arguments: [
    ("controller:createAd({type = \"linear\"}, \(otherBreak))", "createAd"),
    ("controller:updateAdBreak(\(otherBreak), {maxDuration = 5})", "updateAdBreak"),
    ("controller:removeAdBreak(\(otherBreak))", "removeAdBreak"),
  ])
  func anotherIntegrationsBreakIsRefused(body: String, method: String) async throws {
    try await expectRefused(body, "\(method): the break is not a live break of test")
  }

  @Test(arguments: ["beginAd", "endAd", "skipAd", "removeAd"])
  func anotherIntegrationsAdIsRefused(method: String) async throws {
    try await expectRefused(
      "controller:\(method)(\(Self.otherAd))", "\(method): ad \"theirs\" is not an ad of test")
  }

  @Test func anotherIntegrationsAdCannotBeUpdatedOrProgressed() async throws {
    try await expectRefused(
      "controller:updateAd(\(Self.otherAd), {duration = 5})", "updateAd: ad \"theirs\" is not an ad of test")
    try await expectRefused(
      "controller:updateAdProgress(\(Self.otherAd), 0.5)",
      "updateAdProgress: ad \"theirs\" is not an ad of test")
  }

  @Test(arguments: [
    ("controller:beginAd(other)", "beginAd: ad must be an Ad, got ServerSideAdIntegrationController"),
    ("controller:beginAd(\(otherBreak))", "beginAd: ad must be an Ad, got AdBreak"),
    ("controller:updateAd(player, {})", "updateAd: ad must be an Ad, got Player"),
    ("controller:removeAdBreak(\(otherAd))", "removeAdBreak: adBreak must be an AdBreak, got Ad"),
    ("controller:createAd({type = \"linear\"}, player)", "createAd: adBreak must be an AdBreak, got Player"),
    ("controller:updateAdBreak(json.null, {})", "updateAdBreak: adBreak must be an AdBreak, got json.null"),
  ])
  func foreignUserdataIsRefused(body: String, expected: String) async throws {
    try await expectRefused(body, expected)
  }

  /// The other integration's ads are left as they were by the refusals.
  @Test func theOtherIntegrationKeepsItsAds() async throws {
    let run = try await run(
      "local ad = \(Self.otherAd) pcall(controller.removeAd, controller, ad) "
        + "controller:fatalError(#other.ads .. ' ' .. ad.id)")
    #expect(run.code == 70, "\(run.errors)")
    #expect(run.errors.contains("1 theirs"), "\(run.errors)")
  }
}

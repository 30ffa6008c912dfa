import PlayerSeam
import Testing

@testable import AdPlayer

/// The host's work per ad and per listener stays constant as their numbers grow: counted in
/// steps (entries visited), never in wall time. Linear work grows 8× from n to 8n; quadratic 64×.
@Suite struct BookkeepingScaleTests {
  /// Creates `count` ads in one break, plays the first half through, removes the next quarter one
  /// by one, then removes the break with the rest.
  func adSteps(_ count: Int) throws -> Int {
    let fixture = try Fixture()
    let controller = try fixture.ctl()
    let adBreak = try controller.createAdBreak(AdBreakInit(timeOffset: 10))
    let ads = try (0..<count).map { _ in
      try controller.createAd(AdInit(type: .linear, duration: 1), adBreak: adBreak)
    }
    for ad in ads[..<(count / 2)] {
      try controller.beginAd(ad)
      try controller.updateAdProgress(ad, 1)
      try controller.endAd(ad)
    }
    for ad in ads[(count / 2)..<(count * 3 / 4)] { try controller.removeAd(ad) }
    #expect(adBreak.ads.count == count - count / 4)
    try controller.removeAdBreak(adBreak)
    #expect(adBreak.ads.isEmpty)
    return fixture.player.bookkeepingSteps
  }

  @Test func adBookkeepingIsLinearInTheAdsOfABreak() throws {
    let small = try adSteps(1000)
    let large = try adSteps(8000)
    #expect(large <= small * 10, "1000 ads: \(small) steps, 8000 ads: \(large) steps")
  }

  /// Adds `count` `timeupdate` listeners, then removes them, first added first.
  func listenerSteps(_ count: Int) -> Int {
    let player = Player(defaultTimeline: .vod(10))
    let tokens = (0..<count).map { _ in player.addEventListener(.timeupdate) { _ in } }
    for token in tokens { #expect(player.removeEventListener(token)) }
    #expect(!player.listeners.hasListeners(.timeupdate))
    return player.listeners.steps
  }

  @Test func listenerAddAndRemoveAreLinearInTheListeners() {
    let small = listenerSteps(1000)
    let large = listenerSteps(8000)
    #expect(large <= small * 10, "1000 listeners: \(small) steps, 8000: \(large) steps")
  }
}

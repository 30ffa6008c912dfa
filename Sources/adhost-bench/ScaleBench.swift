import AdPlayer
import AdsCore
import Foundation
import PlayerSeam

/// Host work per ad and per listener: 10,000 against 100,000 of them, so that the ratio shows
/// whether the work is linear (about 10) or worse (about 100 for quadratic work).
enum ScaleBench {
  static let suite = Suite(
    name: "scale",
    summary:
      "AdPlayer: n ads in one break and n timeupdate listeners, n = 10k and 100k; seconds and 100k:10k ratios",
    figures: ["ads_100k_s", "ads_ratio_100k_10k", "listeners_100k_s", "listeners_ratio_100k_10k"]
  ) { _ in
    var adRatios: [Double] = []
    var listenerRatios: [Double] = []
    var adSeconds = 0.0
    var listenerSeconds = 0.0
    for _ in 0..<3 {
      let small = try ads(10_000)
      adSeconds = try ads(100_000)
      adRatios.append(adSeconds / small)
      let few = listeners(10_000)
      listenerSeconds = listeners(100_000)
      listenerRatios.append(listenerSeconds / few)
    }
    return [
      ("ads_100k_s", .number(adSeconds)),
      ("ads_ratio_100k_10k", .number(adRatios.sorted()[1])),
      ("listeners_100k_s", .number(listenerSeconds)),
      ("listeners_ratio_100k_10k", .number(listenerRatios.sorted()[1])),
    ]
  }

  /// Creates `count` ads in one break, plays half through, removes a quarter one by one, then the
  /// break: the wall time.
  static func ads(_ count: Int) throws -> Double {
    let player = Player(defaultTimeline: .vod(60), log: EventLog(mode: .countOnly))
    let controller = try player.ads.registerServerSideIntegration("scale") { _ in
      ServerSideAdIntegrationHandler()
    }
    let start = monotonicSeconds()
    let adBreak = try controller.createAdBreak(AdBreakInit(timeOffset: 10))
    var ads: [Ad] = []
    ads.reserveCapacity(count)
    for _ in 0..<count {
      ads.append(try controller.createAd(AdInit(type: .linear, duration: 1), adBreak: adBreak))
    }
    for ad in ads[..<(count / 2)] {
      try controller.beginAd(ad)
      try controller.updateAdProgress(ad, 1)
      try controller.endAd(ad)
    }
    for ad in ads[(count / 2)..<(count * 3 / 4)] { try controller.removeAd(ad) }
    try controller.removeAdBreak(adBreak)
    return monotonicSeconds() - start
  }

  /// Adds `count` `timeupdate` listeners and removes them, first added first: the wall time.
  static func listeners(_ count: Int) -> Double {
    let player = Player(defaultTimeline: .vod(60), log: EventLog(mode: .countOnly))
    let start = monotonicSeconds()
    let tokens = (0..<count).map { _ in player.addEventListener(.timeupdate) { _ in } }
    for token in tokens { player.removeEventListener(token) }
    return monotonicSeconds() - start
  }
}

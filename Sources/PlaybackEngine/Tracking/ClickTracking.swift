import PlayerSeam
import VASTKit

extension PlaybackEngine {
  /// A scripted click on a natively tracked VAST ad (`{"do": "click", "target": …}`): the ad's
  /// click tracking, its showing icon's or its first companion's, logged as beacons (with the
  /// `clickTracking` of its creative signaling); nil for an ad the engine does not track (the
  /// player then answers for it).
  func click(_ target: ClickTarget, on ad: any IntegrationAd) -> ClickOutcome? {
    guard trackers[ad.serial] != nil else { return target == .ad ? clickSignaling(on: ad) : nil }
    if target == .ad { withSignaling(ad, "ad click") { $0.happened("clickTracking") } }
    var result = VASTClickResult.nothing("nothing to click")
    withTracker(ad, "\(target.rawValue) click") { tracker in
      switch target {
      case .ad: result = tracker.clickAd()
      case .icon: result = tracker.clickIcon()
      case .companion: result = tracker.clickCompanion()
      }
    }
    switch result {
    case .clicked(let clickThrough): return ClickOutcome(clickThrough: clickThrough)
    case .nothing(let why): return ClickOutcome(refused: why)
    }
  }
}

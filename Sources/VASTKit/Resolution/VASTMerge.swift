/// Merges a wrapper chain into its InLine ad (IAB VAST 4.x §2.4.4 "wrapper" rules).
enum VASTMerge {
  /// The InLine ad with the wrappers' impressions, errors, tracking, click tracking and
  /// companion/non-linear tracking added, wrapper data first in chain order; a wrapper's
  /// ClickThrough only when the InLine has none; the wrappers' verifications.
  static func merge(wrappers: [VASTAd], into inLine: VASTAd) -> VASTAd {
    guard !wrappers.isEmpty else { return inLine }
    var merged = inLine
    merged.impressions = wrappers.flatMap(\.impressions) + inLine.impressions
    merged.errors = wrappers.flatMap(\.errors) + inLine.errors
    let wrapperCreatives = wrappers.flatMap(\.creatives)
    let linears = wrapperCreatives.compactMap(\.linear)
    let companions = wrapperCreatives.compactMap(\.companionAds).flatMap(\.companions)
    let nonLinearAds = wrapperCreatives.compactMap(\.nonLinearAds)
    let wrapperViewable = wrappers.compactMap(\.viewableImpression)
    if !wrapperViewable.isEmpty {
      var viewable = VASTViewableImpression()
      for part in wrapperViewable + [inLine.viewableImpression].compactMap({ $0 }) {
        viewable.id = viewable.id ?? part.id
        viewable.viewable += part.viewable
        viewable.notViewable += part.notViewable
        viewable.viewUndetermined += part.viewUndetermined
      }
      merged.viewableImpression = viewable
    }
    merged.creatives = inLine.creatives.map { creative in
      var creative = creative
      if var linear = creative.linear {
        linear.trackingEvents = linears.flatMap(\.trackingEvents) + linear.trackingEvents
        linear.videoClicks.clickTracking =
          linears.flatMap(\.videoClicks.clickTracking) + linear.videoClicks.clickTracking
        linear.videoClicks.customClicks =
          linears.flatMap(\.videoClicks.customClicks) + linear.videoClicks.customClicks
        if linear.videoClicks.clickThrough == nil {
          linear.videoClicks.clickThrough = linears.lazy.compactMap(\.videoClicks.clickThrough).first
        }
        creative.linear = linear
      }
      if var companionAds = creative.companionAds {
        companionAds.companions = companionAds.companions.map { companion in
          var companion = companion
          companion.clickTracking = companions.flatMap(\.clickTracking) + companion.clickTracking
          companion.trackingEvents = companions.flatMap(\.trackingEvents) + companion.trackingEvents
          return companion
        }
        creative.companionAds = companionAds
      }
      if var nonLinear = creative.nonLinearAds {
        nonLinear.trackingEvents = nonLinearAds.flatMap(\.trackingEvents) + nonLinear.trackingEvents
        let clickTracking = nonLinearAds.flatMap(\.nonLinears).flatMap(\.clickTracking)
        nonLinear.nonLinears = nonLinear.nonLinears.map { item in
          var item = item
          item.clickTracking = clickTracking + item.clickTracking
          return item
        }
        creative.nonLinearAds = nonLinear
      }
      return creative
    }
    // Every wrapper's verifications run too (VAST 4.3 §3.16), in both forms.
    merged.wrapperVerifications = wrappers.flatMap { $0.wrapperVerifications + $0.ownVerifications }
    merged.sequence = wrappers.first?.sequence ?? inLine.sequence
    return merged
  }
}

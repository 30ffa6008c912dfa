/// What a click on an ad, its icon or its companion did.
public enum VASTClickResult: Sendable, Equatable {
  /// Its click tracking was sent; the page to open, when the document gives one.
  case clicked(clickThrough: String?)
  /// Nothing to click, and why (`no icon showing`).
  case nothing(String)
}

/// Companions and icons: what the ad shows besides its video, and their tracking.
extension VASTAdTracker {
  /// The companions shown with the ad: every companion with a resource (one without has nothing
  /// to show), in document order.
  public var shownCompanions: [VASTCompanion] {
    ad.creatives.compactMap(\.companionAds).flatMap(\.companions).filter { !$0.resources.isEmpty }
  }

  /// The linear creative's icons.
  public var icons: [VASTIcon] { ad.linear?.icons ?? [] }

  /// Shows the companions as the ad begins: their `creativeView` tracking, once.
  func showCompanions() {
    guard claim("companions") else { return }
    for companion in shownCompanions {
      send("creativeView", companion.trackingEvents.filter { $0.event == "creativeView" }.map(\.url))
    }
  }

  /// For an ad without a linear creative (a non-linear ad), its `NonLinearAds`' `creativeView`
  /// tracking as it begins.
  func showNonLinear() {
    guard ad.linear == nil else { return }
    let urls = ad.creatives.compactMap(\.nonLinearAds).flatMap(\.trackingEvents).filter {
      $0.event == "creativeView"
    }.map(\.url)
    send("creativeView", urls)
  }

  /// Shows each icon whose `offset` (0 when absent) the playhead has reached: its
  /// `IconViewTracking`, once per icon (sent as `iconView`).
  func showIcons() {
    let due: [VASTIcon] = playback.withLock { playback in
      guard playback.once.contains("impression") else { return [] }
      return icons.enumerated().compactMap { index, icon in
        playback.furthest >= start(of: icon, playback) && playback.once.insert("icon#\(index)").inserted
          ? icon : nil
      }
    }
    for icon in due { send("iconView", icon.viewTracking) }
  }

  /// A click on the ad: its `ClickTracking` (as `click`) and ClickThrough; for an ad without a
  /// linear creative, its first non-linear's `NonLinearClickTracking` (as `nonLinearClick`).
  public func clickAd() -> VASTClickResult {
    if let linear = ad.linear {
      send("click", linear.videoClicks.clickTracking)
      return .clicked(clickThrough: linear.videoClicks.clickThrough)
    }
    guard let nonLinear = ad.creatives.lazy.compactMap(\.nonLinearAds).flatMap(\.nonLinears).first else {
      return .nothing("the ad has no creative to click")
    }
    send("nonLinearClick", nonLinear.clickTracking)
    return .clicked(clickThrough: nonLinear.clickThrough)
  }

  /// A click on the icon showing now (from its offset for its duration, or to the ad's end):
  /// its `IconClickTracking` (as `iconClick`) and IconClickThrough.
  public func clickIcon() -> VASTClickResult {
    let showing: VASTIcon? = playback.withLock { playback in
      icons.enumerated().first { index, icon in
        let start = start(of: icon, playback)
        return playback.once.contains("icon#\(index)") && playback.position >= start
          && icon.duration.map { playback.position < start + $0 } ?? true
      }?.element
    }
    guard let icon = showing else { return .nothing("no icon showing") }
    send("iconClick", icon.clickTracking)
    return .clicked(clickThrough: icon.clickThrough)
  }

  /// A click on the first companion shown: its `CompanionClickTracking` (as `companionClick`,
  /// wrapper ones first) and CompanionClickThrough.
  public func clickCompanion() -> VASTClickResult {
    guard playback.withLock({ $0.once.contains("companions") }), let companion = shownCompanions.first else {
      return .nothing("no companion shown")
    }
    send("companionClick", companion.clickTracking)
    return .clicked(clickThrough: companion.clickThrough)
  }

  /// Where an icon appears, in seconds into the ad.
  private func start(of icon: VASTIcon, _ playback: borrowing Playback) -> Double {
    icon.offset?.seconds(duration: playback.duration) ?? 0
  }
}

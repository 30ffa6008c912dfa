import PlayerSeam

/// The rules the controller's methods share.
extension MemoryController {
  func atLeast(_ method: String, _ field: String, _ value: Double, _ minimum: Double)
    throws(AdControllerError)
  {
    guard value.isFinite, value >= minimum else {
      throw AdControllerError(method, "\(field) must be a finite number ≥ \(minimum), got \(value)")
    }
  }

  func validate(_ method: String, _ init: AdInit) throws(AdControllerError) {
    if let value = `init`.duration { try atLeast(method, "duration", value, 0) }
    if let value = `init`.width { try atLeast(method, "width", value, 0) }
    if let value = `init`.height { try atLeast(method, "height", value, 0) }
    if let value = `init`.timeOffset { try atLeast(method, "timeOffset", value, 0) }
    if let value = `init`.skipOffset { try atLeast(method, "skipOffset", value, -1) }
  }

  /// An ad of this player and integration, not removed, with its live break.
  func live(_ ad: any IntegrationAd, _ method: String) throws(AdControllerError) -> (MemoryAd, MemoryAdBreak)
  {
    guard let ad = ad as? MemoryAd, ad.integration == integration, let adBreak = ad.adBreak,
      adBreak.owner == serial, !adBreak.isRemoved
    else { throw AdControllerError(method, "ad \"\(ad.id)\" is not an ad of \(integration)") }
    guard ad.state != .removed else { throw AdControllerError(method, "ad \"\(ad.id)\" was removed") }
    return (ad, adBreak)
  }

  /// A live break of this integration.
  func live(_ adBreak: any IntegrationAdBreak, _ method: String) throws(AdControllerError) -> MemoryAdBreak {
    guard let adBreak = adBreak as? MemoryAdBreak, adBreak.owner == serial, !adBreak.isRemoved else {
      throw AdControllerError(method, "the break is not a live break of \(integration)")
    }
    return adBreak
  }

  /// Ends or skips a playing ad (nothing for one not playing), then its break if it is done.
  func finish(_ ad: MemoryAd, _ adBreak: MemoryAdBreak, as state: AdPlaybackState) {
    guard ad.state == .playing else { return }
    ad.state = state
    dropCurrent(ad)
    if state == .skipped {
      player?.emit(.adskip, ad: ad, adBreak: adBreak, playedPercentage: ad.progress)
    } else {
      player?.emit(.adend, ad: ad, adBreak: adBreak)
    }
    endBreakIfDone(adBreak)
  }

  /// A playing break ends once none of its ads plays or is still scheduled.
  func endBreakIfDone(_ adBreak: MemoryAdBreak) {
    guard adBreak.isPlaying, !adBreak.ads.contains(where: { $0.state == .playing || $0.state == .scheduled })
    else { return }
    adBreak.isPlaying = false
    player?.emit(.adbreakend, adBreak: adBreak)
  }

  func remove(_ ad: MemoryAd, from adBreak: MemoryAdBreak) {
    finish(ad, adBreak, as: .ended)
    ad.state = .removed
    adBreak.ads.removeAll { $0 === ad }
    player?.ads.adRemoved(ad)
  }

  /// Removes a break and its ads (ending a playing one), then fires `removeadbreak`.
  func remove(_ adBreak: MemoryAdBreak) {
    for ad in adBreak.ads where ad.state == .playing {
      ad.state = .ended
      dropCurrent(ad)
      player?.emit(.adend, ad: ad, adBreak: adBreak)
    }
    for ad in adBreak.ads {
      ad.state = .removed
      player?.ads.adRemoved(ad)
    }
    adBreak.ads = []
    if adBreak.isPlaying {
      adBreak.isPlaying = false
      player?.emit(.adbreakend, adBreak: adBreak)
    }
    adBreak.isRemoved = true
    dropBreak(adBreak)
    player?.emit(.removeadbreak, adBreak: adBreak)
  }
}

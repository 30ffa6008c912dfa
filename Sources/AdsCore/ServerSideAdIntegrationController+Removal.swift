import PlayerSeam

/// Removing ads and breaks: a playing one ends first; the player forgets the removed ads.
extension ServerSideAdIntegrationController {
  /// Removes an ad from its break, ending it first if it is playing. There is no `removead` event.
  public func removeAd(_ ad: Ad) throws(AdControllerError) {
    let adBreak = try liveBreak(of: ad, "removeAd")
    remove(ad, from: adBreak)
  }

  /// Removes a break and its remaining ads (ending a playing one), then fires `removeadbreak`.
  public func removeAdBreak(_ adBreak: AdBreak) throws(AdControllerError) {
    guard owns(adBreak) else {
      throw AdControllerError("removeAdBreak", "the break is not a live break of \(integration)")
    }
    removeBreak(adBreak)
  }

  /// Removes every break and ad; `removeadbreak` fires for each, in the order they were created
  /// (their listeners see `adBreaks` without them already).
  public func removeAllAds() {
    let removed = adBreaks
    adBreaks.removeAll()
    for adBreak in removed { removeBreak(adBreak) }
  }

  // MARK: - Removal shared by the methods above

  package func remove(_ ad: Ad, from adBreak: AdBreak) {
    finish(ad, in: adBreak, as: .ended)
    ad.state = .removed
    adBreak.remove(ad)
    player?.ads.adRemoved(ad)
    endBreakIfDone(adBreak)
  }

  package func removeBreak(_ adBreak: AdBreak) {
    // Marked first, so a listener that removes the break again while its ads end is refused.
    guard !adBreak.isRemoved else { return }
    adBreak.isRemoved = true
    // Every ad ends and is marked removed in order (adbreakend comes after the last one, as
    // when they are removed one by one); then the break lets them all go at once.
    for ad in adBreak.ads {
      finish(ad, in: adBreak, as: .ended)
      ad.state = .removed
      player?.ads.adRemoved(ad)
      endBreakIfDone(adBreak)
    }
    _ = adBreak.removeAll()
    if adBreak.isPlaying { endBreak(adBreak) }
    if let index = adBreaks.firstIndex(where: { $0 === adBreak }) { adBreaks.remove(at: index) }
    if breaksByOffset[adBreak.timeOffset] === adBreak { breaksByOffset[adBreak.timeOffset] = nil }
    player?.adEvent(.removeadbreak, adBreak: adBreak)
  }
}

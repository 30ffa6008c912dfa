import PlayerSeam
import VASTKit

extension PlaybackEngine {
  /// Tracks `ad`'s SVTA creative signaling natively, beside its VAST tracking when `box` is
  /// given: its impression and progress tracking fire at their offsets as the ad plays
  /// (`CreativeSignalingTracker`), logged as the ad's `beacon`s. A URL the VAST ad names too is
  /// left to the VAST tracking, so it fires once.
  public func track(_ ad: any IntegrationAd, signaling: CreativeSignaling, alongside box: VASTAdBox?) {
    let excluded = box.map { Self.trackingURLs(of: $0.ad) } ?? []
    signalingTrackers[ad.serial] = (CreativeSignalingTracker(signaling, excluding: excluded), ad.id)
  }

  /// Every URL a VAST ad's tracking can send: impressions, errors, tracking events, clicks.
  static func trackingURLs(of ad: VASTAd) -> Set<String> {
    var urls = Set(ad.impressions.map(\.url) + ad.errors)
    for creative in ad.creatives {
      if let linear = creative.linear {
        urls.formUnion(linear.trackingEvents.map(\.url))
        urls.formUnion(linear.videoClicks.clickTracking)
      }
    }
    return urls
  }

  /// Calls `body` with the ad's creative-signaling tracker, if it has one, and sends (and logs)
  /// the beacons it says are due.
  func withSignaling(
    _ ad: any IntegrationAd, _ what: String,
    _ body: (CreativeSignalingTracker) -> [CreativeSignalingTracker.Due]
  ) {
    guard let (tracker, adId) = signalingTrackers[ad.serial] else { return }
    let due = body(tracker)
    guard !due.isEmpty else { return }
    let sender = beaconSender()
    let context = macroContext(adPlayhead: ad.duration.map { ad.progress * $0 })()
    settleBeacons(adId: adId, label: "\(what) creative-signaling beacons of \(adId)") {
      var beacons: [VASTBeacon] = []
      for each in due { beacons += await sender.send(event: each.event, urls: each.urls, context: context) }
      return beacons
    }
  }

  /// Listens to the ads for what drives creative-signaling tracking (progress comes with
  /// `trackProgress`, errors with `trackError`).
  func startCreativeSignalingTracking() {
    player.ads.addEventListener(.adbegin) { [weak self] event in
      guard let ad = event.ad else { return }
      self?.withSignaling(ad, "begin") { $0.begin(at: ad.duration.map { ad.progress * $0 } ?? 0) }
    }
    player.ads.addEventListener(.adend) { [weak self] event in
      guard let ad = event.ad else { return }
      self?.withSignaling(ad, "end") { $0.ended() }
    }
    player.ads.addEventListener(.adskip) { [weak self] event in
      guard let ad = event.ad else { return }
      self?.withSignaling(ad, "skip") { $0.happened("skip") }
    }
    for (type, what) in [(EventType.pause, "pause"), (.play, "resume")] {
      player.addEventListener(type) { [weak self] _ in
        guard let self else { return }
        for ad in self.player.ads.currentAds { self.withSignaling(ad, what) { $0.happened(what) } }
      }
    }
  }

  /// A scripted click on an ad with creative signaling and no VAST tracking: its
  /// `clickTracking`, and its click-through to open.
  func clickSignaling(on ad: any IntegrationAd) -> ClickOutcome? {
    guard signalingTrackers[ad.serial] != nil else { return nil }
    withSignaling(ad, "ad click") { $0.happened("clickTracking") }
    return ClickOutcome(clickThrough: ad.clickThrough)
  }
}

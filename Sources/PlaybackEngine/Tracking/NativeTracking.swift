import Foundation
import PlayerSeam
import VASTKit

/// The native VAST tracking of one ad created with `vast = …`.
final class AdTracking {
  let tracker: VASTAdTracker
  let adId: String
  /// The VAST ad as the plugin holds it (its verification rejections count until the ad begins).
  let box: VASTAdBox
  /// The `type` of the media file the ad plays (its `resourceURI`), for `--check-media`.
  var mediaType: String?

  init(tracker: VASTAdTracker, adId: String, box: VASTAdBox) {
    self.tracker = tracker
    self.adId = adId
    self.box = box
  }
}

extension PlaybackEngine {
  /// Tracks `ad` natively: impression and start on `beginAd`, quartiles and progress offsets as
  /// `updateAdProgress` crosses them, complete on `endAd` after 99 %, skip, pause and resume,
  /// and error with `[ERRORCODE]` on `controller:error`. Logs a `vasttracking` entry for the ad
  /// with how many `<Impression>` URLs its VAST has (the strict rule `impression-fired` reads it).
  public func track(_ ad: any IntegrationAd, with box: VASTAdBox) {
    player.appendLog(
      .vasttracking, adId: ad.id,
      fields: JSONObject([("impressions", .number(Double(box.ad.impressions.count)))]))
    let tracker = VASTAdTracker(
      ad: box.ad, sender: beaconSender(), assetURI: ad.resourceURI, podSequence: box.ad.sequence,
      context: liveMacroContext())
    if let duration = ad.duration { tracker.setDuration(duration) }
    let tracking = AdTracking(tracker: tracker, adId: ad.id, box: box)
    tracking.mediaType = box.linear?.mediaFiles.first { $0.url == ad.resourceURI }?.type
    trackers[ad.serial] = tracking
  }

  /// Calls `body` with the ad's tracker, if it has one, and logs the beacons it sends (those
  /// and no others: what an earlier or later call sent is logged with that call).
  func withTracker(_ ad: any IntegrationAd, _ what: String, _ body: (VASTAdTracker) -> Void) {
    guard let tracking = trackers[ad.serial] else { return }
    // The tracker's sends start now: they report injected delays to a latency of their own.
    loop.withOwnLatency { body(tracking.tracker) }
    let batch = tracking.tracker.takeBatch()
    guard !batch.isEmpty else { return }
    settleBeacons(adId: tracking.adId, label: "\(what) beacons of \(tracking.adId)") {
      await batch.settled()
    }
  }

  /// Reports progress of a tracked ad (called after `controller:updateAdProgress`).
  public func trackProgress(_ ad: any IntegrationAd, _ progress: Double) {
    guard let duration = ad.duration else { return }
    withTracker(ad, "progress") { $0.progress(to: progress * duration) }
    withSignaling(ad, "progress") { $0.progress(to: progress * duration) }
  }

  /// Sends the `error` beacons of the tracked ads playing for `controller`.
  public func trackError(_ controller: any AdIntegrationController, code: Int?) {
    let errorCode = code.flatMap(VASTErrorCode.init(rawValue:)) ?? .undefined
    for ad in controller.currentAds {
      withTracker(ad, "error") { $0.error(errorCode) }
      withSignaling(ad, "error") { $0.happened("error") }
    }
  }

  /// Listens to the player for the ad events that drive tracking.
  func startNativeTracking() {
    // After its last events (a removed playing ad ends first), a removed ad needs no tracker.
    player.ads.observeRemovals { [weak self] ad in
      self?.trackers.removeValue(forKey: ad.serial)
      self?.signalingTrackers.removeValue(forKey: ad.serial)
    }
    player.clickHandler = { [weak self] target, ad in self?.click(target, on: ad) }
    player.ads.addEventListener(.adbegin) { [weak self] event in
      guard let ad = event.ad else { return }
      self?.runVerifications(ad)
      self?.withTracker(ad, "begin") { tracker in
        // A late join (`beginAd(ad, at:)`): its progress starts past 0.
        if ad.progress > 0, let duration = ad.duration { tracker.join(at: ad.progress * duration) }
        tracker.begin()
      }
      self?.checkMedia(ad)
    }
    player.ads.addEventListener(.adend) { [weak self] event in
      guard let ad = event.ad else { return }
      self?.withTracker(ad, "end") { $0.end() }
    }
    player.ads.addEventListener(.adskip) { [weak self] event in
      guard let ad = event.ad else { return }
      self?.withTracker(ad, "skip") { $0.skip() }
    }
    player.addEventListener(.pause) { [weak self] _ in
      guard let self else { return }
      for ad in self.player.ads.currentAds { self.withTracker(ad, "pause") { $0.pause() } }
    }
    player.addEventListener(.play) { [weak self] _ in
      guard let self else { return }
      for ad in self.player.ads.currentAds { self.withTracker(ad, "resume") { $0.resume() } }
    }
    // After the VAST listeners: an ad's VAST impression is sent (and logged) before its
    // signaling's `start`.
    startCreativeSignalingTracking()
  }
}

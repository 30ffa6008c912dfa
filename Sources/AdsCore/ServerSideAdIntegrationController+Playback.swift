import PlayerSeam

/// An ad's playback: begin, progress and its quartiles, end or skip; a break plays from its first
/// ad's begin to its last ad's end.
extension ServerSideAdIntegrationController {
  /// Starts an ad: fires `adbreakbegin` if its break is not playing yet, then `adbegin`.
  /// `offset` > 0 joins it late, that many seconds into it (adhost's: a viewer joining a live
  /// stream inside an ad): its progress starts there, the quartiles already past never fire, and
  /// the `adbegin` entry of the log says where it began (`joinedAt`). Throws if the ad is already
  /// playing, or for an offset that is not a finite number from 0 to the ad's duration.
  public func beginAd(_ ad: Ad, at offset: Double = 0) throws(AdControllerError) {
    let adBreak = try liveBreak(of: ad, "beginAd")
    guard ad.state != .playing else {
      throw AdControllerError("beginAd", "ad \(quoted(ad.id)) is already playing")
    }
    let progress = try joinProgress(of: ad, at: offset)
    player?.bookkeepingSteps += playingBreaks.count
    for other in playingBreaks where other !== adBreak && other.playingAds == 0 { endBreak(other) }
    ad.state = .playing
    ad.progress = progress
    ad.quartilesFired = Self.quartileFractions.filter { $0 < progress }.count
    currentAds.append(ad)
    if !adBreak.isPlaying {
      adBreak.isPlaying = true
      playingBreaks.append(adBreak)
      player?.adEvent(.adbreakbegin, adBreak: adBreak)
    }
    player?.adEvent(.adbegin, ad: ad, adBreak: adBreak, joinedAt: offset > 0 ? offset : nil)
  }

  /// The quartiles' fractions of an ad's duration.
  package static let quartileFractions = [0.25, 0.5, 0.75]

  /// The progress, 0…1, of an ad begun `offset` seconds into it (0 without a duration).
  package func joinProgress(of ad: Ad, at offset: Double) throws(AdControllerError) -> Double {
    let duration = ad.duration ?? .infinity
    guard offset.isFinite, offset >= 0, offset <= duration else {
      let range = ad.duration.map { "from 0 to the ad's duration, \(number($0))" } ?? "≥ 0"
      throw AdControllerError(
        "beginAd", "at must be a finite number of seconds \(range), got \(number(offset))")
    }
    guard let known = ad.duration, known > 0 else { return 0 }
    return offset / known
  }

  /// Reports progress 0…1 of a playing ad; fires each quartile event once as progress crosses
  /// 0.25, 0.5 and 0.75. Throws if the ad has not begun or progress is outside 0…1.
  public func updateAdProgress(_ ad: Ad, _ progress: Double) throws(AdControllerError) {
    let method = "updateAdProgress"
    let adBreak = try liveBreak(of: ad, method)
    guard ad.state == .playing else { throw AdControllerError(method, "ad \(quoted(ad.id)) has not begun") }
    guard progress.isFinite, progress >= 0, progress <= 1 else {
      throw AdControllerError(method, "progress must be a number from 0 to 1, got \(number(progress))")
    }
    ad.progress = progress
    let quartiles: [(Double, EventType)] = [
      (0.25, .adfirstquartile), (0.5, .admidpoint), (0.75, .adthirdquartile),
    ]
    while ad.quartilesFired < quartiles.count, progress >= quartiles[ad.quartilesFired].0 {
      let event = quartiles[ad.quartilesFired].1
      ad.quartilesFired += 1
      player?.adEvent(event, ad: ad, adBreak: adBreak)
    }
  }

  /// Ends an ad: fires `adend` only if it was playing (then `adbreakend` if it was the last).
  public func endAd(_ ad: Ad) throws(AdControllerError) {
    let adBreak = try liveBreak(of: ad, "endAd")
    finish(ad, in: adBreak, as: .ended)
  }

  /// Skips an ad: fires `adskip` with `playedPercentage` only if it was playing.
  public func skipAd(_ ad: Ad) throws(AdControllerError) {
    let adBreak = try liveBreak(of: ad, "skipAd")
    finish(ad, in: adBreak, as: .skipped)
  }

  // MARK: - Ending ads and breaks

  package func finish(_ ad: Ad, in adBreak: AdBreak, as state: AdPlaybackState) {
    guard ad.state == .playing else { return }
    ad.state = state
    player?.bookkeepingSteps += currentAds.count
    currentAds.removeAll { $0 === ad }
    if state == .skipped {
      player?.adEvent(.adskip, ad: ad, adBreak: adBreak, playedPercentage: ad.progress)
    } else {
      player?.adEvent(.adend, ad: ad, adBreak: adBreak)
    }
    endBreakIfDone(adBreak)
  }

  /// A playing break ends when none of its ads is playing or still to play.
  package func endBreakIfDone(_ adBreak: AdBreak) {
    guard adBreak.isPlaying, adBreak.pendingAds == 0 else { return }
    endBreak(adBreak)
  }

  package func endBreak(_ adBreak: AdBreak) {
    adBreak.isPlaying = false
    playingBreaks.removeAll { $0 === adBreak }
    player?.adEvent(.adbreakend, adBreak: adBreak)
  }
}

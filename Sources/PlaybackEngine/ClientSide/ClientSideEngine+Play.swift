import Foundation
import PlayerSeam

extension ClientSideEngine {
  /// Plays the breaks of `group`, due at `offset`: the content pauses, their ads get ready (VMAP
  /// sources load), and every ad plays in one player ad break.
  func play(_ group: [ClientSideBreak], at offset: Double) {
    arm?.cancel()
    arm = nil
    let needsLoading = group.contains { $0.vmap != nil }
    let ready = group.map { ClientSideSegment($0, $0.currentAds) }
    let count = ready.reduce(0) { $0 + $1.ads.count }
    if !needsLoading && count == 0 {
      delegate?.narrate(.noAdsLeft(offset: offset))
      return
    }
    delegate?.narrate(.breakBegins(offset: offset, contentTime: player.currentTime, count: count))
    let run = ClientSideRun(
      offset: offset, postRoll: isPostRoll(offset: offset) || group.contains { $0.placement == .end })
    playing = run
    if !player.paused { player.pause() }
    guard needsLoading, let delegate else { return start(run, ready) }
    delegate.prepare(group, run: run, at: offset)
  }

  /// The ads of a run are ready: they play, in order.
  public func start(_ run: ClientSideRun, _ segments: [ClientSideSegment]) {
    guard playing === run else { return }
    run.segments = segments
    run.total = segments.reduce(0) { $0 + $1.ads.count }
    run.loading = false
    playNextAd()
  }

  func playNextAd() {
    guard let run = playing, !run.loading else { return }
    while let segment = run.segments.first, segment.ads.isEmpty {
      run.segments.removeFirst()
    }
    guard let segment = run.segments.first else { return finish(run) }
    if run.open !== segment.clientBreak {
      closeSegment(run)
      run.open = segment.clientBreak
      delegate?.fireTracking(segment.clientBreak, event: "breakStart")
    }
    let ad = segment.ads.removeFirst()
    run.taken += 1
    guard let duration = ad.duration, duration > 0 else {
      controller.error(IntegrationError("ad \(ad.id): VAST error 101: the ad has no duration"))
      return playNextAd()
    }
    guard call(.beginAd, ad, { try $0.beginAd(ad) }) else { return playNextAd() }
    let current = PlayingClientSideAd(ad: ad, duration: duration)
    run.current = current
    delegate?.narrate(.adBegins(index: run.taken, total: run.total, ad: ad))
    current.ticker = player.loop.every(Self.tick) { [backlink, weak current] in
      guard let self = backlink.object, let current else { return }
      current.elapsed += Self.tick
      // The last step belongs to the end timer, which reports 1 and ends the ad.
      if current.elapsed < current.duration { self.progress(current.ad, current.elapsed / current.duration) }
    }
    current.ender = player.loop.after(duration) { [backlink, weak current] in
      guard let self = backlink.object, let current else { return }
      current.stopTimers()
      current.elapsed = current.duration
      if self.progress(current.ad, 1) { _ = self.call(.endAd, current.ad) { try $0.endAd(current.ad) } }
      self.delegate?.narrate(.adEnds(ad: current.ad))
      self.playNextAd()
    }
  }

  /// `updateAdProgress`, and the native tracking of the progress.
  @discardableResult
  private func progress(_ ad: any IntegrationAd, _ progress: Double) -> Bool {
    guard call(.updateAdProgress, ad, { try $0.updateAdProgress(ad, progress) }) else { return false }
    services.trackProgress(ad, progress)
    return true
  }

  /// Runs a controller call; a failure (an ad removed meanwhile, say) is narrated for the
  /// integration to report, and the break goes on.
  func call(
    _ name: ClientSideCall, _ ad: any IntegrationAd, _ body: (any AdIntegrationController) throws -> Void
  ) -> Bool {
    do {
      try body(controller)
      return true
    } catch {
      delegate?.narrate(.callFailed(call: name, ad: ad, message: "\(error)"))
      return false
    }
  }

  private func finish(_ run: ClientSideRun) {
    closeSegment(run)
    playing = nil
    if player.ended || run.postRoll {
      delegate?.narrate(.breakEnds(offset: run.offset, resumesAt: nil))
      return
    }
    delegate?.narrate(.breakEnds(offset: run.offset, resumesAt: player.currentTime))
    player.play()
  }

  /// Ends the open segment: its `breakEnd`.
  private func closeSegment(_ run: ClientSideRun) {
    guard let open = run.open else { return }
    run.open = nil
    delegate?.fireTracking(open, event: "breakEnd")
  }

  /// The `skipAd` of a handler: skips `ad` if it is the ad playing and its skip offset has
  /// passed, and plays the next. Returns whether it skipped.
  @discardableResult
  public func skip(_ ad: (any IntegrationAd)?) -> Bool {
    guard let current = playing?.current, let ad, current.ad === ad else {
      delegate?.narrate(.skipRefused(ad: ad, reason: .notPlaying))
      return false
    }
    guard ad.skipOffset >= 0 else {
      delegate?.narrate(.skipRefused(ad: ad, reason: .notSkippable))
      return false
    }
    guard current.elapsed >= ad.skipOffset else {
      delegate?.narrate(
        .skipRefused(ad: ad, reason: .tooEarly(skipOffset: ad.skipOffset, played: current.elapsed)))
      return false
    }
    current.stopTimers()
    _ = call(.skipAd, ad) { try $0.skipAd(ad) }
    delegate?.narrate(.adSkipped(ad: ad, after: current.elapsed))
    playNextAd()
    return true
  }
}

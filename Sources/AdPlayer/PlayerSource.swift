import AdsCore
import PlayerSeam

extension Player {
  /// Loads a source (`nil` unloads). Before a new source every integration's `resetSource` runs
  /// (default `removeAllAds`); then the integration named by the source's `ssai` (the iOS
  /// `customIntegration`, else `integration`) gets `setSource`; then `prepareContent`; then the
  /// player fires `sourcechange` (AdsCore's `SourceLifecycle`). The clock is held while a
  /// completion is outstanding. Ignored once destroyed.
  public func setSource(_ newSource: SourceDescription?) {
    guard !isDestroyed else { return }
    stopTimers()
    resetCues()
    isLoaded = false
    source = nil
    activeIntegration = nil
    fatalError = nil
    ended = false
    paused = true
    isWaiting = false
    positionAnchorMicros = 0
    lastReportedPositionMicros = -1
    lifecycle.setSource(newSource)
  }

  /// Resets every integration, then calls `destroy` on each handler once; ignored the second time.
  public func destroy() {
    guard !isDestroyed else { return }
    settlePosition()
    stopTimers()
    paused = true
    isDestroyed = true
    lifecycle.destroy(integrations: ads.integrations)
  }
}

// The steps of a source that are the headless player's own: the clock held while an integration
// answers, and the content loaded at its start.
extension Player: SourceLifecyclePlayer {
  package func holdClock(_ reason: String) -> () -> Void {
    let hold = loop.hold(reason)
    return { hold.release() }
  }

  package func loadContent(_ loaded: SourceDescription, timeline newTimeline: ContentTimeline) {
    source = loaded
    timeline = newTimeline
    var start = VirtualTime.micros(newTimeline.startPosition)
    if let end = newTimeline.durationMicros { start = min(start, end) }
    positionAnchorMicros = start
    isLoaded = true
    emit(.sourcechange)
    if autoplay, paused {
      play()
    } else if !paused {
      startPlaying()
    }
  }

  package func unloaded() { emit(.sourcechange) }

  package func failAfterDestroy(message: String, code: Int) {
    // Still fatal: whoever ran the player reads it after `destroy` (`adhost run` exits 70).
    if fatalError == nil { fatalError = (message, code) }
    emit(.error, errorMessage: message, errorCode: code)
  }
}

import AdsCore
import Foundation
import GStreamerEngine
import PlaybackEngine
import PlayerSeam

extension EnginePlayer {
  /// Loads a source (`nil` unloads) through the integrations as the headless player does
  /// (AdsCore's `SourceLifecycle`: `resetSource` of each, `setSource` of the one the source
  /// names, then the content); the content goes to the engine. Ignored once destroyed.
  public func setSource(_ newSource: SourceDescription?) {
    guard !isDestroyed else { return }
    resetCues()
    isLoaded = false
    source = nil
    activeIntegration = nil
    fatalError = nil
    playback = EnginePlayback()
    placement = EngineCuePlacement()
    playlists = FetchedPlaylists()
    splices = EngineSpliceCues()
    liveStepLimitMicros = nil
    reportedPositionMicros = 0
    reportedAtMicros = loop.nowMicros
    lastCueCheckMicros = nil
    seekTargetMicros = nil
    stopAsset()
    if newSource == nil { engine?.pause() }
    lifecycle.setSource(newSource)
  }

  /// Resets every integration, calls `destroy` on each handler once, then destroys the engine:
  /// the helper reports its frame counts, takes its pipeline to NULL and exits (`EngineRun`
  /// reads what it said last). Ignored the second time.
  public func destroy() {
    guard !isDestroyed else { return }
    settlePosition()
    cancelCueTimer()
    stopAsset()
    wantsToPlay = false
    isDestroyed = true
    lifecycle.destroy(integrations: ads.integrations)
    engine?.destroy()
  }
}

// The steps of a source that are this player's own: nothing holds a real clock, and the content
// is the engine's to load.
extension EnginePlayer: SourceLifecyclePlayer {
  package func holdClock(_ reason: String) -> () -> Void { {} }

  package func loadContent(_ loaded: SourceDescription, timeline newTimeline: ContentTimeline) {
    source = loaded
    timeline = newTimeline
    guard let text = loaded.sources.first?.src, let uri = URL(string: text) else {
      fail(message: "the source gives no URL for the engine to play", code: PlayerError.contentLoadErrorCode)
      return
    }
    // The interstitials of the playlists the engine is about to fetch.
    interstitials?.reset(mediaURL: uri)
    do throws(GStreamerEngineFailure) {
      // The helper plays one pipeline: each source gets a helper of its own, the last one's ends.
      self.engine?.destroy(grace: 0)
      self.engine = nil
      let engine = try GStreamerEngine(options: engineOptions)
      self.engine = engine
      try engine.load(uri, rendition: rendition)
      for shot in screenshots { engine.screenshot(at: shot.at, to: shot.file) }
    } catch {
      fail(message: error.description, code: PlayerError.contentLoadErrorCode)
      return
    }
    isLoaded = true
    reportedPositionMicros = VirtualTime.micros(newTimeline.startPosition)
    reportedAtMicros = loop.nowMicros
    // The fast mode's clock counts the media played from here. A stepped engine plays to here
    // only, so a live join's first position further on is a leap, not media played; unstepped,
    // a live stream's first position is where it starts, wherever the demuxer puts it.
    let stepped = engine?.isStepped == true
    loop.seeked(to: newTimeline.isLive && !stepped ? nil : newTimeline.startPosition)
    if stepped { loop.stepped(until: newTimeline.startPosition) }
    // A cue at the start fires as playback begins.
    lastCueCheckMicros = reportedPositionMicros - 1
    emit(.sourcechange)
    if newTimeline.startPosition > 0 { engine?.seek(to: newTimeline.startPosition) }
    if autoplay || wantsToPlay { play() }
  }

  package func unloaded() { emit(.sourcechange) }

  package func failAfterDestroy(message: String, code: Int) {
    if fatalError == nil { fatalError = (message, code) }
    emit(.error, errorMessage: message, errorCode: code)
  }
}

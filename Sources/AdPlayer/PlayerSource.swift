import AdsCore
import PlayerSeam

extension Player {
  /// Loads a source (`nil` unloads). Before a new source every integration's `resetSource` runs
  /// (default `removeAllAds`); then the integration named by the source's `ssai` (the iOS
  /// `customIntegration`, else `integration`) gets `setSource`; then `prepareContent`; then the
  /// player fires `sourcechange`. The clock is held while a completion is outstanding. Ignored
  /// once destroyed.
  public func setSource(_ newSource: SourceDescription?) {
    guard !isDestroyed else { return }
    abandonPendingCompletions()
    let generation = sourceGeneration
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
    let resets = hasHadSource ? ads.integrations : []
    hasHadSource = hasHadSource || newSource != nil
    resetIntegrations(resets[...], generation: generation) { [link] in
      guard let self = link.player else { return }
      guard let newSource else {
        self.emit(.sourcechange)
        return
      }
      self.handOver(newSource, generation: generation)
    }
  }

  /// Resets every integration, then calls `destroy` on each handler once; ignored the second time.
  public func destroy() {
    guard !isDestroyed else { return }
    settlePosition()
    stopTimers()
    paused = true
    abandonPendingCompletions()
    let resets = hasHadSource ? ads.integrations : []
    isDestroyed = true
    let integrations = ads.integrations
    resetIntegrations(resets[...], generation: sourceGeneration) {
      for integration in integrations { integration.handler.destroy?() }
    }
  }

  private func resetIntegrations(
    _ integrations: ArraySlice<Ads.Integration>, generation: Int, then next: @escaping () -> Void
  ) {
    guard let integration = integrations.first else {
      next()
      return
    }
    let rest = integrations.dropFirst()
    guard let resetSource = integration.handler.resetSource else {
      integration.controller.removeAllAds()
      resetIntegrations(rest, generation: generation, then: next)
      return
    }
    awaitCompletion("resetSource of \(integration.id)", generation: generation, resetSource) {
      [link] result in
      switch result {
      case .success:
        link.player?.resetIntegrations(rest, generation: generation, then: next)
      case .failure(let error):
        link.player?.failDuringLifecycle(
          "resetSource of \(integration.id) failed: \(error)", code: Player.adErrorCode)
      }
    }
  }

  private func handOver(_ original: SourceDescription, generation: Int) {
    let integration = original.integrationIds.lazy.compactMap { self.ads.integration($0) }.first
    guard let integration, let setSource = integration.handler.setSource else {
      activeIntegration = integration?.id
      prepare(original, generation: generation)
      return
    }
    let call: (@escaping (Result<SetSourceOutcome, any Error>) -> Void) -> Void = { setSource(original, $0) }
    awaitCompletion("setSource of \(integration.id)", generation: generation, call) { [link] result in
      guard let self = link.player else { return }
      switch result {
      case .success(.transformed(let transformed)):
        self.activeIntegration = integration.id
        self.prepare(transformed, generation: generation)
      case .success(.handled):
        self.activeIntegration = integration.id
        self.prepare(original, generation: generation)
      case .success(.notHandled):
        self.prepare(original, generation: generation)
      case .failure(let error):
        self.fail(message: "setSource of \(integration.id) failed: \(error)", code: Player.adErrorCode)
      }
    }
  }

  private func prepare(_ loaded: SourceDescription, generation: Int) {
    // An integration that raised a fatal error while its `setSource` ran has stopped the source.
    guard fatalError == nil else { return }
    guard let prepareContent else {
      load(loaded, timeline: defaultTimeline)
      return
    }
    let call: (@escaping (Result<ContentTimeline, any Error>) -> Void) -> Void = {
      prepareContent(loaded, $0)
    }
    awaitCompletion("preparing the content", generation: generation, call) { [link] result in
      switch result {
      case .success(let timeline):
        link.player?.load(loaded, timeline: timeline)
      case .failure(let error as PlayerError):
        link.player?.fail(message: error.message, code: error.code)
      case .failure(let error):
        link.player?.fail(message: "\(error)", code: PlayerError.contentLoadErrorCode)
      }
    }
  }

  private func load(_ loaded: SourceDescription, timeline newTimeline: ContentTimeline) {
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

  /// Calls `body` with a completion, holding the clock until it is called; a completion called
  /// again, or after the source changed, is ignored (it still ends the hold).
  private func awaitCompletion<Value>(
    _ reason: String, generation: Int,
    _ body: (@escaping (Result<Value, any Error>) -> Void) -> Void,
    then next: @escaping (Result<Value, any Error>) -> Void
  ) {
    let hold = loop.hold(reason)
    pendingHolds.append(hold)
    body { [link] result in
      guard !hold.isReleased else { return }
      hold.release()
      link.player?.pendingHolds.removeAll { $0 === hold }
      guard let self = link.player, self.sourceGeneration == generation else { return }
      next(result)
    }
  }

  /// A new source or destroy makes outstanding completions stale: their holds end now, so an
  /// integration that never answers an abandoned call cannot stall the clock.
  private func abandonPendingCompletions() {
    sourceGeneration += 1
    for hold in pendingHolds { hold.release() }
    pendingHolds.removeAll()
  }

  private func failDuringLifecycle(_ message: String, code: Int) {
    if isDestroyed {
      // Still fatal: whoever ran the player reads it after `destroy` (`adhost run` exits 70).
      if fatalError == nil { fatalError = (message, code) }
      emit(.error, errorMessage: message, errorCode: code)
    } else {
      fail(message: message, code: code)
    }
  }
}

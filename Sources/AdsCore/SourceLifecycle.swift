import PlayerSeam

/// The player a `SourceLifecycle` belongs to: what the lifecycle reads and calls as a source
/// goes through the integrations. Host thread only.
package protocol SourceLifecyclePlayer: AdsOwner {
  /// Whether `destroy` was called.
  var isDestroyed: Bool { get }
  /// The fatal error that stopped playback, if any.
  var fatalError: (message: String, code: Int)? { get }
  /// The integration handling the loaded source.
  var activeIntegration: String? { get set }
  /// Supplies the timeline of a loaded source, possibly after I/O; nil: `defaultTimeline`.
  var prepareContent: ((SourceDescription, @escaping (Result<ContentTimeline, any Error>) -> Void) -> Void)?
  { get }
  /// The timeline of a source when `prepareContent` is nil.
  var defaultTimeline: ContentTimeline { get }
  /// Holds the player's clock while the completion of `reason` is outstanding (a virtual clock
  /// does not move past it); the answer releases the hold. A real-time player holds nothing.
  func holdClock(_ reason: String) -> () -> Void
  /// The source's content is ready: load it and fire `sourcechange`.
  func loadContent(_ source: SourceDescription, timeline: ContentTimeline)
  /// Fires `sourcechange` for no source.
  func unloaded()
  /// Records a fatal error after `destroy` (still fatal to whoever ran the player) and fires `error`.
  func failAfterDestroy(message: String, code: Int)
}

/// How a player goes from one source to the next through its integrations, by THEOplayer's
/// rules: before a new source every integration's `resetSource` runs (default `removeAllAds`),
/// then the integration the source names (`ssai`: the iOS `customIntegration`, else
/// `integration`) gets `setSource`, whose answer may transform the source, then the content is
/// prepared; `destroy` resets them all, then calls each handler's `destroy` once. A completion
/// answered again, or after the source changed, is ignored. Both players (the headless and the
/// real engine's) use it. Host thread only.
package final class SourceLifecycle {
  private unowned(unsafe) let player: any SourceLifecyclePlayer
  private var generation = 0
  private var pending: [PendingCompletion] = []
  private var hasHadSource = false

  /// The lifecycle of `player`, which owns it.
  package init(player: any SourceLifecyclePlayer) { self.player = player }

  /// Goes to `newSource` (`nil` unloads) once the player has reset its own state.
  package func setSource(_ newSource: SourceDescription?) {
    abandonPendingCompletions()
    let generation = generation
    let resets = hasHadSource ? player.ads.integrations : []
    hasHadSource = hasHadSource || newSource != nil
    resetIntegrations(resets[...], generation: generation) { [weak self] in
      guard let self else { return }
      guard let newSource else {
        self.player.unloaded()
        return
      }
      self.handOver(newSource, generation: generation)
    }
  }

  /// Resets every integration, then calls `destroy` on each handler once. The player marks
  /// itself destroyed first.
  package func destroy(integrations: [Ads.Integration]) {
    abandonPendingCompletions()
    let resets = hasHadSource ? integrations : []
    resetIntegrations(resets[...], generation: generation) {
      for integration in integrations { integration.handler.destroy?() }
    }
  }

  /// A new source or destroy makes outstanding completions stale: their holds end now, so an
  /// integration that never answers an abandoned call cannot stall the clock.
  private func abandonPendingCompletions() {
    generation += 1
    for completion in pending { completion.release() }
    pending.removeAll()
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
      [weak self] result in
      switch result {
      case .success:
        self?.resetIntegrations(rest, generation: generation, then: next)
      case .failure(let error):
        self?.failDuringLifecycle(
          "resetSource of \(integration.id) failed: \(error)",
          code: ServerSideAdIntegrationController.adErrorCode)
      }
    }
  }

  private func handOver(_ original: SourceDescription, generation: Int) {
    let integration = original.integrationIds.lazy.compactMap { self.player.ads.integration($0) }.first
    guard let integration, let setSource = integration.handler.setSource else {
      player.activeIntegration = integration?.id
      prepare(original, generation: generation)
      return
    }
    let call: (@escaping (Result<SetSourceOutcome, any Error>) -> Void) -> Void = { setSource(original, $0) }
    awaitCompletion("setSource of \(integration.id)", generation: generation, call) { [weak self] result in
      guard let self else { return }
      switch result {
      case .success(.transformed(let transformed)):
        self.player.activeIntegration = integration.id
        self.prepare(transformed, generation: generation)
      case .success(.handled):
        self.player.activeIntegration = integration.id
        self.prepare(original, generation: generation)
      case .success(.notHandled):
        self.prepare(original, generation: generation)
      case .failure(let error):
        self.player.fail(
          message: "setSource of \(integration.id) failed: \(error)",
          code: ServerSideAdIntegrationController.adErrorCode)
      }
    }
  }

  private func prepare(_ loaded: SourceDescription, generation: Int) {
    // An integration that raised a fatal error while its `setSource` ran has stopped the source.
    guard player.fatalError == nil else { return }
    guard let prepareContent = player.prepareContent else {
      player.loadContent(loaded, timeline: player.defaultTimeline)
      return
    }
    let call: (@escaping (Result<ContentTimeline, any Error>) -> Void) -> Void = {
      prepareContent(loaded, $0)
    }
    awaitCompletion("preparing the content", generation: generation, call) { [weak self] result in
      guard let player = self?.player else { return }
      switch result {
      case .success(let timeline):
        player.loadContent(loaded, timeline: timeline)
      case .failure(let error as PlayerError):
        player.fail(message: error.message, code: error.code)
      case .failure(let error):
        player.fail(message: "\(error)", code: PlayerError.contentLoadErrorCode)
      }
    }
  }

  /// Calls `body` with a completion, holding the clock until it is called; a completion called
  /// again, or after the source changed, is ignored (it still ends the hold).
  private func awaitCompletion<Value>(
    _ reason: String, generation: Int,
    _ body: (@escaping (Result<Value, any Error>) -> Void) -> Void,
    then next: @escaping (Result<Value, any Error>) -> Void
  ) {
    let completion = PendingCompletion(release: player.holdClock(reason))
    pending.append(completion)
    body { [weak self] result in
      guard !completion.isReleased else { return }
      completion.release()
      self?.pending.removeAll { $0 === completion }
      guard let self, self.generation == generation else { return }
      next(result)
    }
  }

  private func failDuringLifecycle(_ message: String, code: Int) {
    if player.isDestroyed {
      player.failAfterDestroy(message: message, code: code)
    } else {
      player.fail(message: message, code: code)
    }
  }
}

/// A completion the lifecycle waits for, and the clock hold that ends with it.
private final class PendingCompletion {
  private let releaseHold: () -> Void
  private(set) var isReleased = false

  init(release: @escaping () -> Void) { releaseHold = release }

  func release() {
    guard !isReleased else { return }
    isReleased = true
    releaseHold()
  }
}

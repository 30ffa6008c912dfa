import PlayerSeam

/// A second, minimal implementation of the player seam, in memory: every source's content is
/// `duration` seconds of VOD, played in `timeupdate` steps of 250 ms on `MemoryScheduler`'s
/// clock. Enough to drive a Lua integration through PluginHost, which proves that PluginHost
/// needs nothing of the headless player.
final class MemoryPlayer: IntegrationPlayer {
  typealias Ad = MemoryAd
  typealias AdBreak = MemoryAdBreak
  typealias Controller = MemoryController

  let loop = MemoryScheduler()
  private(set) lazy var ads = MemoryAds(player: self)
  let duration: Double
  private let listeners = MemoryListeners()

  private(set) var source: SourceDescription?
  private(set) var activeIntegration: String?
  private(set) var isLoaded = false
  private(set) var isDestroyed = false
  private(set) var fatalError: (message: String, code: Int)?
  private(set) var timeline = ContentTimeline.live
  private(set) var currentTime = 0.0
  private(set) var paused = true
  private(set) var ended = false
  private(set) var cues: [Cue] = []
  var playingInterstitial = false
  var clickHandler: ((ClickTarget, any IntegrationAd) -> ClickOutcome?)?
  var prepareContent: ((SourceDescription, @escaping (Result<ContentTimeline, any Error>) -> Void) -> Void)?
  private var ticker: MemoryTimer?
  private var generation = 0
  private var hadSource = false
  private var playWhenLoaded = false

  init(duration: Double) { self.duration = duration }

  func setSource(_ newSource: SourceDescription?) {
    guard !isDestroyed else { return }
    generation += 1
    stop()
    (source, activeIntegration, isLoaded, fatalError, currentTime, ended, cues) = (
      nil, nil, false, nil, 0, false, []
    )
    if hadSource { resetIntegrations() }
    guard let newSource else { return }
    hadSource = true
    let current = generation
    guard let integration = newSource.integrationIds.lazy.compactMap({ self.ads.integration($0) }).first,
      let handlerSetSource = integration.handler.setSource
    else {
      let handled = newSource.integrationIds.contains { ads.integration($0) != nil }
      return load(newSource, active: handled ? newSource.integrationIds.first : nil)
    }
    handlerSetSource(newSource) { [weak self] result in
      guard let self, current == self.generation else { return }
      switch result {
      case .success(.transformed(let transformed)): self.load(transformed, active: integration.id)
      case .success(.handled): self.load(newSource, active: integration.id)
      case .success(.notHandled): self.load(newSource, active: nil)
      case .failure(let error): self.fail("\(error)", code: 10000)
      }
    }
  }

  func destroy() {
    guard !isDestroyed else { return }
    stop()
    if hadSource { resetIntegrations() }
    for integration in ads.integrations { integration.handler.destroy?() }
    isDestroyed = true
  }

  func play() {
    guard isLoaded, fatalError == nil else { return playWhenLoaded = true }
    if ended { seek(to: 0) }
    guard paused else { return }
    paused = false
    emit(.play, currentTime: currentTime)
    emit(.playing, currentTime: currentTime)
    ticker = loop.every(0.25) { [weak self] in self?.tick() }
  }

  func pause() {
    guard !paused else { return }
    stop()
    emit(.pause, currentTime: currentTime)
  }

  func seek(to seconds: Double) {
    emit(.seeking, currentTime: currentTime)
    currentTime = min(max(0, seconds), duration)
    ended = false
    emit(.timeupdate, currentTime: currentTime)
    emit(.seeked, currentTime: currentTime)
  }

  func setTimeline(_ newTimeline: ContentTimeline) { timeline = newTimeline }
  func setCues(_ newCues: [Cue]) { cues = newCues.sorted { $0.startTime < $1.startTime } }
  func addCues(_ added: [Cue]) {
    cues = (cues + added).sorted { $0.startTime < $1.startTime }
    for cue in added { dispatch(.addcue, cue: cue) }
  }
  func removeCues(_ ids: Set<String>) {
    let removed = cues.filter { ids.contains($0.id) }
    cues.removeAll { ids.contains($0.id) }
    for cue in removed { dispatch(.removecue, cue: cue) }
  }

  @discardableResult
  func addEventListener(_ type: EventType, _ listener: @escaping (PlayerEvent) -> Void) -> ListenerToken {
    listeners.add(type, listener)
  }

  @discardableResult
  func removeEventListener(_ token: ListenerToken) -> Bool { listeners.remove(token) }

  /// The in-memory player keeps no log.
  func appendLog(_ kind: LogKind, adId: String?, fields: JSONObject) {}

  /// Whether a host's segment loader said the content waits (the in-memory player keeps the flag).
  private(set) var isWaiting = false
  func setWaiting(_ waiting: Bool) { isWaiting = waiting }

  func dispatch(_ type: EventType, cue: Cue?) {
    listeners.dispatch(PlayerEvent(type: type, time: loop.now, currentTime: currentTime, cue: cue))
  }

  func emit(_ type: EventType, detail: JSONObject, logged: JSONObject?) {
    listeners.dispatch(PlayerEvent(type: type, time: loop.now, currentTime: currentTime, detail: detail))
  }

  /// Fires an event to the player's listeners, or an ad event to `ads`' listeners.
  func emit(
    _ type: EventType, ad: MemoryAd? = nil, adBreak: MemoryAdBreak? = nil, currentTime: Double? = nil,
    playedPercentage: Double? = nil, message: String? = nil, code: Int? = nil
  ) {
    let event = PlayerEvent(
      type: type, time: loop.now, ad: ad, adBreak: adBreak, currentTime: currentTime,
      playedPercentage: playedPercentage, errorMessage: message, errorCode: code)
    (type.isAdEvent ? ads.listeners : listeners).dispatch(event)
  }

  /// A fatal error: playback stops until a new source.
  func fail(_ message: String, code: Int) {
    stop()
    fatalError = (message, code)
    emit(.error, message: message, code: code)
  }

  private func load(_ loaded: SourceDescription, active: String?) {
    (source, activeIntegration, timeline, isLoaded) = (loaded, active, .vod(duration), true)
    emit(.sourcechange)
    if playWhenLoaded {
      playWhenLoaded = false
      play()
    }
  }

  private func resetIntegrations() {
    for integration in ads.integrations {
      guard let reset = integration.handler.resetSource else {
        integration.controller.removeAllAds()
        continue
      }
      reset { [weak self] result in
        if case .failure(let error) = result { self?.fail("\(error)", code: 10000) }
      }
    }
  }

  private func tick() {
    currentTime = min(duration, currentTime + 0.25)
    emit(.timeupdate, currentTime: currentTime)
    guard currentTime >= duration, !paused else { return }
    stop()
    ended = true
    emit(.pause, currentTime: currentTime)
    emit(.ended, currentTime: currentTime)
  }

  private func stop() {
    paused = true
    ticker?.cancel()
    ticker = nil
  }
}

import AdsCore
import OutsideText
import PlayerSeam

/// A headless player on a virtual clock: a content timeline, playback state, player and ad
/// events, an event log, and the server-side ad integrations in `ads`. Host thread only.
public final class Player {
  /// The code of a fatal ad error when the integration gives none (THEOplayer's AD_ERROR).
  public static let adErrorCode = ServerSideAdIntegrationController.adErrorCode

  /// The loop whose clock the player runs on.
  public let loop: HostLoop
  /// The integrations, ad lists and ad event listeners.
  public let ads: Ads
  /// Every event, with its virtual time.
  public let log: EventLog
  /// The timeline used for a source when `prepareContent` is not set.
  public var defaultTimeline: ContentTimeline
  /// Supplies the timeline of a loaded source (e.g. from its HLS playlist), possibly after I/O;
  /// the clock is held until the completion is called. `nil`: use `defaultTimeline`.
  public var prepareContent:
    ((SourceDescription, @escaping (Result<ContentTimeline, any Error>) -> Void) -> Void)?
  /// Whether a newly loaded source starts playing by itself.
  public var autoplay = false
  /// Whether an HLS interstitial plays now (the host's interstitial player sets it; the primary
  /// content waits): a run does not end while one plays, as while an ad plays.
  public var playingInterstitial = false
  /// Decides what a scripted click on the playing ad does (the host's native tracking sends its
  /// click tracking); nil, or a nil answer, leaves it to the player (see `perform`).
  public var clickHandler: ((ClickTarget, any IntegrationAd) -> ClickOutcome?)?
  /// Microseconds between `timeupdate` events while playing (250 000: 4 Hz).
  public var timeUpdateIntervalMicros: Int64 = 250_000 {
    didSet { timeUpdateIntervalMicros = max(1, timeUpdateIntervalMicros) }
  }

  /// The source as loaded (after the integration's transformation), if any.
  public internal(set) var source: SourceDescription?
  /// The id of the integration that handles the loaded source, if any.
  public package(set) var activeIntegration: String?
  /// The loaded content's timeline.
  public internal(set) var timeline: ContentTimeline {
    get { state.timeline }
    set { state.timeline = newValue }
  }
  /// Whether playback is paused.
  public internal(set) var paused: Bool {
    get { state.paused }
    set { state.paused = newValue }
  }
  /// Whether a VOD timeline played to its end.
  public internal(set) var ended: Bool {
    get { state.ended }
    set { state.ended = newValue }
  }
  /// The fatal error that stopped playback, until a new source is set.
  public internal(set) var fatalError: (message: String, code: Int)? {
    get { state.fatalError }
    set { state.fatalError = newValue }
  }
  /// Whether `destroy()` was called.
  public internal(set) var isDestroyed: Bool {
    get { state.isDestroyed }
    set { state.isDestroyed = newValue }
  }
  /// Whether the content waits for media (`setWaiting`): content time stands still while playing.
  public internal(set) var isWaiting: Bool {
    get { state.isWaiting }
    set { state.isWaiting = newValue }
  }
  /// Whether a source is loaded and ready to play.
  public internal(set) var isLoaded: Bool {
    get { state.isLoaded }
    set { state.isLoaded = newValue }
  }

  /// Playback state, stored privately behind the public accessors above. Unchecked, as the
  /// position's anchors below: plain reads and writes that call nothing, on every `timeupdate`.
  // why: plain reads and writes that call nothing, on every `timeupdate`.
  @exclusivity(unchecked) private var state: PlaybackState
  /// How what the player's owner holds reaches back to it without keeping it alive: use it
  /// where a `weak` reference would do (that one would give the player a side table).
  public let link = PlayerLink()
  let listeners = EventListeners()
  // why: as `state` above: plain reads and writes that call nothing, on every `timeupdate`.
  @exclusivity(unchecked) var positionAnchorMicros: Int64 = 0
  @exclusivity(unchecked) var clockAnchorMicros: Int64 = 0
  @exclusivity(unchecked) var tickTimer: TimerHandle?
  @exclusivity(unchecked) var endTimer: TimerHandle?
  @exclusivity(unchecked) var lastReportedPositionMicros: Int64 = -1
  /// The source's way through the integrations (created with the player: it reaches back to it).
  lazy var lifecycle = SourceLifecycle(player: self)
  package var cueState = CueState()
  /// Ads and breaks the controllers' bookkeeping visited (a work count, for tests and benches:
  /// it grows linearly with the ads a run creates, plays and removes).
  package var bookkeepingSteps = 0
  /// `aderror` dispatches running now, inside each other (see `ServerSideAdIntegrationController.error`).
  package var adErrorNesting = 0

  /// A player on `loop` (a new one by default) whose content is `defaultTimeline` unless
  /// `prepareContent` says otherwise.
  public init(
    loop: HostLoop = HostLoop(), defaultTimeline: ContentTimeline = .live, log: EventLog = EventLog()
  ) {
    self.loop = loop
    self.ads = Ads()
    self.log = log
    self.defaultTimeline = defaultTimeline
    self.state = PlaybackState(timeline: defaultTimeline)
    ads.link.player = self
    link.player = self
    let link = link
    loop.idleDescription = { link.player?.idleDescription ?? "the player is gone" }
    loop.hasContent = { link.player?.hasContentToPlay ?? false }
  }

  deinit {
    link.player = nil
    ads.link.player = nil
    tickTimer?.cancel()
    endTimer?.cancel()
  }

  /// Listens to a player event (`timeupdate`, `error`, …); ad events go to `ads` listeners.
  @discardableResult
  public func addEventListener(_ type: EventType, _ listener: @escaping (PlayerEvent) -> Void)
    -> ListenerToken
  {
    listeners.add(type, listener)
  }

  /// Removes a listener; returns whether it was registered.
  @discardableResult
  public func removeEventListener(_ token: ListenerToken) -> Bool { listeners.remove(token) }

  /// Appends an entry of another module (e.g. a `beacon`) to the log at the current time.
  public func appendLog(_ kind: LogKind, adId: String? = nil, fields: JSONObject = JSONObject()) {
    log.append(LogEntry(micros: loop.nowMicros, kind: kind, adId: adId, fields: fields))
  }

  /// Logs an event and hands it to the listeners of its type.
  func emit(
    _ type: EventType, ad: Ad? = nil, adBreak: AdBreak? = nil, currentTime: Double? = nil,
    playedPercentage: Double? = nil, errorMessage: String? = nil, errorCode: Int? = nil, cue: Cue? = nil,
    joinedAt: Double? = nil
  ) {
    PlayerEvents.fire(
      type, at: loop.nowMicros, log: log, listeners: listeners, ads: ads, ad: ad, adBreak: adBreak,
      currentTime: currentTime, playedPercentage: playedPercentage, errorMessage: errorMessage,
      errorCode: errorCode, cue: cue, joinedAt: joinedAt)
  }

  /// Stops playback for good (until a new source) and fires `error`.
  package func fail(message: String, code: Int) {
    guard fatalError == nil, !isDestroyed else { return }
    settlePosition()
    stopTimers()
    paused = true
    fatalError = (message, code)
    emit(.error, errorMessage: message, errorCode: code)
  }

  struct PlaybackState {
    var timeline: ContentTimeline
    var paused = true
    var ended = false
    var fatalError: (message: String, code: Int)?
    var isDestroyed = false
    var isLoaded = false
    var isWaiting = false
  }

  var idleDescription: String {
    let position = VirtualTime.secondsText(positionMicros)
    if isDestroyed { return "the player was destroyed" }
    if let fatalError { return "playback stopped by error \(fatalError.code): \(fatalError.message)" }
    if !isLoaded { return "no source loaded" }
    if ended { return "content ended at \(position) s" }
    if isWaiting, !paused {
      return "stalled: content waiting for media at \(position) s with nothing outstanding"
    }
    if paused { return "stalled: content paused at \(position) s with no timers or work outstanding" }
    return "nothing scheduled at \(position) s"
  }
}

import AdsCore
import Foundation
import GStreamerEngine
import OutsideText
import PlaybackEngine
import PlayerSeam

/// The player behind the seam on a real engine: GStreamer's `playbin3` in the `adhost-gst`
/// helper (`GStreamerEngine`) plays the content, and this player maps its state to the player's
/// events, keeps the ads registry and the controllers' rules (AdsCore, as the headless player
/// does), the run's log, and the cues the host read from what the engine fetched, placed at the
/// engine's time. Its scheduler is `EngineScheduler`: a monotonic clock in real time, media time
/// in the fast mode. `EngineRun` drives it. Host thread only.
public final class EnginePlayer {
  /// The host thread's clock and queue.
  public let loop: EngineScheduler
  /// The integrations, ad lists and ad event listeners.
  public let ads: Ads
  /// Every event, at the scheduler's time.
  public let log: EventLog
  /// How the engine starts; the host points `http` at its logged client before a source loads.
  public var engineOptions: GStreamerEngineOptions
  /// The engine playing the content: started as the first source's content loads.
  public internal(set) var engine: GStreamerEngine?
  /// What the engine pins for each load (rendition and forward buffer).
  public var rendition = EngineRendition()
  /// Whether a newly loaded source starts playing by itself.
  public var autoplay = false
  /// The timeline used for a source when `prepareContent` is not set (the engine's duration
  /// replaces it once known).
  public var defaultTimeline: ContentTimeline = .live
  /// Supplies the timeline of a loaded source, possibly after I/O; nil: `defaultTimeline`.
  public var prepareContent:
    ((SourceDescription, @escaping (Result<ContentTimeline, any Error>) -> Void) -> Void)?
  /// Whether an HLS interstitial plays now (the interstitial player says so).
  public var playingInterstitial = false
  /// Plays the HLS interstitials of the playlists the engine fetched, their assets in an engine
  /// of their own (`EngineAssetPlayback`); nil: none play. Its owner is the host's
  /// `PlaybackEngine`.
  public weak var interstitials: InterstitialPlayer?
  /// The interstitial asset playing in an engine of its own, if any.
  var asset: EngineAsset?
  /// Decides what a click on the playing ad does.
  public var clickHandler: ((ClickTarget, any IntegrationAd) -> ClickOutcome?)?
  /// The pictures of the video to take once the content loads: the frame shown at each media
  /// time, as a PNG file; each outcome is a `screenshot` log entry.
  public var screenshots: [(at: Double, file: URL)] = []
  /// The screenshots that could not be written, and why (`file: reason`).
  public internal(set) var failedScreenshots: [String] = []
  /// The drift above which a cue's firing is logged (`cue-drift`): its content time against the
  /// engine's position when it fired, in seconds.
  public var cueDriftTolerance = 0.04

  /// The source as loaded (after the integration's transformation), if any.
  public internal(set) var source: SourceDescription?
  /// The integration handling the loaded source, if any.
  public package(set) var activeIntegration: String?
  /// The loaded content's timeline (the engine's duration once it knows it).
  public internal(set) var timeline: ContentTimeline = .live
  /// Whether a source is loaded (handed to the engine).
  public internal(set) var isLoaded = false
  /// Whether `destroy()` was called.
  public internal(set) var isDestroyed = false
  /// The fatal error that stopped playback, until a new source.
  public internal(set) var fatalError: (message: String, code: Int)?
  /// The engine's state as its events report it.
  public internal(set) var playback = EnginePlayback()
  /// Whether the host asked the engine to play (the engine reports `play` afterwards).
  var wantsToPlay = false
  /// The engine's position and the scheduler's time when it was reported, for the playhead
  /// between reports.
  var reportedPositionMicros: Int64 = 0
  var reportedAtMicros: Int64 = 0
  /// Where the last seek goes, until the engine says it is there (`seeked`): the playhead.
  var seekTargetMicros: Int64?
  /// How the engine places the tags of the segments it fetched (`EngineCuePlacement`).
  var placement = EngineCuePlacement()
  /// The cues of the playlists and MPDs the engine fetched.
  var playlists = FetchedPlaylists()
  /// The cues of the SCTE-35 sections the engine forwarded.
  var splices = EngineSpliceCues()
  /// A live HLS stream: the scheduler's time up to which a stepped engine may play before the
  /// live window moves again (`liveStepLimit`); nil for VOD or once the playlist ended.
  package var liveStepLimitMicros: Int64?
  /// Where the playhead was when the cues were last looked at while playing (nil after a seek
  /// or a new source: the cues passed before it do not fire).
  var lastCueCheckMicros: Int64?

  /// How what the player owns reaches back to it without a `weak` reference.
  let link = EnginePlayerLink()
  let listeners = EventListeners()
  lazy var lifecycle = SourceLifecycle(player: self)
  package var cueState = CueState()
  package var bookkeepingSteps = 0
  package var adErrorNesting = 0

  /// A player whose engine starts with `engineOptions` (its scheduler at their speed), writing `log`.
  public init(engineOptions: GStreamerEngineOptions, log: EventLog = EventLog()) {
    self.engineOptions = engineOptions
    self.loop = EngineScheduler(speed: engineOptions.speed)
    self.ads = Ads()
    self.log = log
    ads.link.player = self
    link.player = self
  }

  deinit {
    link.player = nil
    ads.link.player = nil
    cueState.timer?.cancel()
  }

  /// Listens to a player event; ad events go to `ads` listeners.
  @discardableResult
  public func addEventListener(_ type: EventType, _ listener: @escaping (PlayerEvent) -> Void)
    -> ListenerToken
  {
    listeners.add(type, listener)
  }

  /// Removes a listener; returns whether it was registered.
  @discardableResult
  public func removeEventListener(_ token: ListenerToken) -> Bool { listeners.remove(token) }

  /// Appends an entry of another module (a `beacon`, say) at the current time.
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

  /// Stops playback for good (until a new source) and fires `error`; the engine pauses.
  package func fail(message: String, code: Int) {
    guard fatalError == nil, !isDestroyed else { return }
    settlePosition()
    cancelCueTimer()
    wantsToPlay = false
    fatalError = (message, code)
    engine?.pause()
    emit(.error, errorMessage: message, errorCode: code)
  }
}

/// How the engine player's timers and controllers reach back to it; cleared when it goes.
final class EnginePlayerLink {
  unowned(unsafe) var player: EnginePlayer?
}

extension EnginePlayer: AdsOwner {
  package func emitAdEvent(
    _ type: EventType, ad: Ad?, adBreak: AdBreak?, playedPercentage: Double?, errorMessage: String?,
    joinedAt: Double?
  ) {
    emit(
      type, ad: ad, adBreak: adBreak, playedPercentage: playedPercentage, errorMessage: errorMessage,
      joinedAt: joinedAt)
  }
}

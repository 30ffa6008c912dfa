import OutsideText

/// The player as the bridge (PluginHost) drives it: playback, the source, the content's
/// timeline and cues, events, the ads registry and the host thread's scheduler. The headless
/// `AdPlayer.Player` is one implementation; an app wraps its own player in another
/// (docs/embedding.md). Everything runs on the host thread.
public protocol IntegrationPlayer: AnyObject {
  /// The scheduler type of this player.
  associatedtype Scheduler: IntegrationScheduler
  /// The ads registry type of this player.
  associatedtype Registry: IntegrationAds
  where Registry.Controller == Controller, Registry.Ad == Ad, Registry.AdBreak == AdBreak
  /// The ad type of this player (the bridge registers it with Lua).
  associatedtype Ad: IntegrationAd where Ad.AdBreak == AdBreak
  /// The break type of this player.
  associatedtype AdBreak: IntegrationAdBreak where AdBreak.Ad == Ad
  /// The controller type of this player.
  associatedtype Controller: AdIntegrationController
  where Controller.Ad == Ad, Controller.AdBreak == AdBreak

  /// The host thread's clock and queue.
  var loop: Scheduler { get }
  /// The registry of integrations and the ad events.
  var ads: Registry { get }

  /// The source loaded (after an integration's transformation), if any.
  var source: SourceDescription? { get }
  /// The integration handling the loaded source, if any.
  var activeIntegration: String? { get }
  /// Whether the loaded source's content is ready to play.
  var isLoaded: Bool { get }
  /// Whether `destroy` was called.
  var isDestroyed: Bool { get }
  /// The fatal error that stopped playback, until the next source.
  var fatalError: (message: String, code: Int)? { get }
  /// The content's timeline.
  var timeline: ContentTimeline { get }
  /// The playhead, in content seconds.
  var currentTime: Double { get }
  /// Whether playback is paused.
  var paused: Bool { get }
  /// Whether a VOD content played to its end.
  var ended: Bool { get }
  /// The content's timed-metadata cues, by start.
  var cues: [Cue] { get }
  /// Whether the content waits for media (the host's segment loader ran out of loaded segments):
  /// content time stands still while playing.
  var isWaiting: Bool { get }
  /// Whether an interstitial the host plays holds the primary content.
  var playingInterstitial: Bool { get set }
  /// Decides what a click on the playing ad does (the host's VAST click tracking).
  var clickHandler: ((ClickTarget, any IntegrationAd) -> ClickOutcome?)? { get set }
  /// Supplies the timeline of a loaded source (e.g. from its HLS playlist), possibly after I/O.
  var prepareContent: ((SourceDescription, @escaping (Result<ContentTimeline, any Error>) -> Void) -> Void)?
  { get set }

  /// Loads a source (`nil` unloads): `resetSource` of every integration, then `setSource` of
  /// the one the source names, then the content.
  func setSource(_ source: SourceDescription?)
  /// Destroys the player: `resetSource` and `destroy` of every integration.
  func destroy()
  /// Plays.
  func play()
  /// Pauses.
  func pause()
  /// Moves the playhead.
  func seek(to seconds: Double)
  /// Replaces the content's timeline.
  func setTimeline(_ timeline: ContentTimeline)
  /// Replaces the content's cues.
  func setCues(_ cues: [Cue])
  /// Adds in-band cues that became known (the segment carrying them loaded), merged by start
  /// after the cues of the same start, without replacing the others: each fires `addcue`, in
  /// order, and only then does one the playhead is in fire `cue` (if playing).
  func addCues(_ cues: [Cue])
  /// Takes the cues of these ids out of `cues` (in-band cues the host released), each with a
  /// `removecue` event.
  func removeCues(_ ids: Set<String>)
  /// Listens to a player event.
  @discardableResult
  func addEventListener(_ type: EventType, _ listener: @escaping (PlayerEvent) -> Void) -> ListenerToken
  /// Removes a listener; returns whether it was registered.
  @discardableResult
  func removeEventListener(_ token: ListenerToken) -> Bool
  /// Makes the content wait for media (`true`: `waiting` fires if playing, content time stands
  /// still) or go on (`false`: `playing` fires if it was waiting while playing). The host's
  /// segment loader calls it as its buffer runs dry and refills.
  func setWaiting(_ waiting: Bool)
  /// Fires a player event to its listeners without logging it, with a cue (`addcue`) or without
  /// (`loadedmetadata`).
  func dispatch(_ type: EventType, cue: Cue?)
  /// Appends an entry of the host's (a `beacon`, say) to the player's log, if it keeps one.
  func appendLog(_ kind: LogKind, adId: String?, fields: JSONObject)
  /// Fires an event of the host's with fields of its own (the `interstitial…` events); the log
  /// keeps `logged` when given.
  func emit(_ type: EventType, detail: JSONObject, logged: JSONObject?)
}

extension IntegrationPlayer {
  /// Appends an entry with no ad and no fields.
  public func appendLog(_ kind: LogKind) { appendLog(kind, adId: nil, fields: JSONObject()) }
  /// Appends an entry with no ad.
  public func appendLog(_ kind: LogKind, fields: JSONObject) { appendLog(kind, adId: nil, fields: fields) }

  /// Fires an event of the host's, logged with its detail.
  public func emit(_ type: EventType, detail: JSONObject) { emit(type, detail: detail, logged: nil) }
}

/// The events the player and `player.ads` dispatch, by their Web names.
public enum EventType: String, Sendable, CaseIterable {
  /// Player events.
  case sourcechange, play, playing, pause, timeupdate, seeking, seeked, ended, error
  /// The playhead entered a timed-metadata cue (`Player.cues`).
  case cue
  /// Break events.
  case addadbreak, removeadbreak, adbreakbegin, adbreakend, updateadbreak
  /// Ad events.
  case addad, updatead, adbegin, adend, adskip, aderror
  /// Quartile events.
  case adfirstquartile, admidpoint, adthirdquartile
  /// HLS interstitial events (player events, with `detail`): an interstitial starts (the
  /// primary content has paused), its asset list loaded, each asset starts, ends or fails, a
  /// list or an interstitial fails, the interstitial ends (the primary content resumes).
  case interstitialstart, assetlistloaded, interstitialassetstart, interstitialassetend, interstitialerror,
    interstitialend
  /// The content ran out of loaded media while playing (a segment is late): content time stands
  /// still until `playing`.
  case waiting
  /// A timed-metadata cue became known (an in-band cue, as the segment carrying it loaded); the
  /// event carries the `cue`.
  case addcue
  /// A timed-metadata cue left `Player.cues` (an in-band cue the host released: a back buffer
  /// behind the playhead, or out of the live window); the event carries the `cue`.
  case removecue
  /// The loaded source's playlist or MPD has been read and its cues are known (`Player.cues`).
  case loadedmetadata

  /// Whether `player.ads` dispatches it (otherwise the player does).
  public var isAdEvent: Bool {
    switch self {
    case .sourcechange, .play, .playing, .pause, .timeupdate, .seeking, .seeked, .ended, .error, .cue,
      .interstitialstart, .assetlistloaded, .interstitialassetstart, .interstitialassetend,
      .interstitialerror,
      .interstitialend, .waiting, .addcue, .removecue, .loadedmetadata:
      return false
    default: return true
    }
  }

  /// A dense index for listener tables.
  package var index: Int {
    switch self {
    case .sourcechange: return 0
    case .play: return 1
    case .playing: return 2
    case .pause: return 3
    case .timeupdate: return 4
    case .seeking: return 5
    case .seeked: return 6
    case .ended: return 7
    case .error: return 8
    case .addadbreak: return 9
    case .removeadbreak: return 10
    case .adbreakbegin: return 11
    case .adbreakend: return 12
    case .updateadbreak: return 13
    case .addad: return 14
    case .updatead: return 15
    case .adbegin: return 16
    case .adend: return 17
    case .adskip: return 18
    case .aderror: return 19
    case .adfirstquartile: return 20
    case .admidpoint: return 21
    case .adthirdquartile: return 22
    case .cue: return 23
    case .interstitialstart: return 24
    case .assetlistloaded: return 25
    case .interstitialassetstart: return 26
    case .interstitialassetend: return 27
    case .interstitialerror: return 28
    case .interstitialend: return 29
    case .waiting: return 30
    case .addcue: return 31
    case .loadedmetadata: return 32
    case .removecue: return 33
    }
  }
}

/// One dispatched event. Which fields are set depends on the type: ad events carry `ad` (and its
/// break), break events `adBreak`, `timeupdate`/`seeking`/`seeked`/`ended`/`pause`/`play`
/// carry `currentTime`, `adskip` `playedPercentage`, `error`/`aderror` `errorMessage` and
/// `errorCode`, `cue`, `addcue` and `removecue` their `cue` and `currentTime`, `waiting` its `currentTime`.
public struct PlayerEvent {
  /// The event's name.
  public let type: EventType
  /// The virtual time it fired at, in seconds.
  public let time: Double
  /// The ad, for ad events.
  public let ad: (any IntegrationAd)?
  /// The break, for break events and ad events.
  public let adBreak: (any IntegrationAdBreak)?
  /// The content position, for playback events.
  public let currentTime: Double?
  /// How much of the ad played, 0…1, for `adskip`.
  public let playedPercentage: Double?
  /// The error's message, for `error` and `aderror`.
  public let errorMessage: String?
  /// The error's code, for `error` (10000 = AD_ERROR by default).
  public let errorCode: Int?
  /// The cue the playhead entered, for `cue`.
  public let cue: Cue?
  /// What an event of another module carries (the `interstitial…` events: `interstitial`,
  /// `asset`, …), in order; also its log entry's fields.
  public let detail: JSONObject?

  /// Creates an event.
  public init(
    type: EventType, time: Double, ad: (any IntegrationAd)? = nil, adBreak: (any IntegrationAdBreak)? = nil,
    currentTime: Double? = nil,
    playedPercentage: Double? = nil, errorMessage: String? = nil, errorCode: Int? = nil, cue: Cue? = nil,
    detail: JSONObject? = nil
  ) {
    self.type = type
    self.time = time
    self.ad = ad
    self.adBreak = adBreak
    self.currentTime = currentTime
    self.playedPercentage = playedPercentage
    self.errorMessage = errorMessage
    self.errorCode = errorCode
    self.cue = cue
    self.detail = detail
  }
}

/// What `addEventListener` returns, to remove the listener again.
public struct ListenerToken: Hashable, Sendable {
  /// The event type listened to.
  public let type: EventType
  /// The listener's number, unique among the player's listeners of that type.
  public let id: Int

  /// A token; a player implementation makes one for each listener it adds.
  public init(type: EventType, id: Int) {
    self.type = type
    self.id = id
  }
}

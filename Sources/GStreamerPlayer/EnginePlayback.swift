import GStreamerEngine
import PlayerSeam

/// What the player does for one engine event: fire a player event, or stop with an error.
public enum PlaybackChange: Equatable, Sendable {
  /// Fire `type` (with the playhead for `timeupdate`, `seeking`, `seeked`).
  case event(EventType, currentTime: Double?)
  /// Stop playback for good with this error (`error` fires).
  case fatal(PlayerError)
}

/// The playback state of the GStreamer player, as the engine reports it: its events map to the
/// player's (`timeupdate` at the engine's position, `play`, `playing`, `pause`, `seeking`,
/// `seeked`, `waiting`, `ended`), its errors and a helper crash to a fatal `PlayerError` with the
/// engine's message. The rest of the engine's events (fragments, segments, SCTE-35, playlists, frame counts)
/// change no playback state. One thread at a time.
public struct EnginePlayback: Sendable {
  /// The code of the fatal error an engine error or a helper crash stops playback with.
  public static let engineErrorCode = PlayerError.contentLoadErrorCode

  /// The engine's playhead, in seconds.
  public private(set) var position = 0.0
  /// The content's duration; nil for live or before the engine knew it.
  public private(set) var duration: Double?
  /// Whether playback is paused (true until the engine plays).
  public private(set) var paused = true
  /// Whether the engine is buffering while playing.
  public private(set) var isWaiting = false
  /// Whether the stream ended.
  public private(set) var ended = false
  /// Whether frames flow: `playing` came after the last `play`, `pause`, `seeking`, `waiting`
  /// or `ended` (the playhead moves on between the engine's reports only then).
  public private(set) var rolling = false
  /// The error that stopped playback, if any; no event changes the state after it.
  public private(set) var fatalError: PlayerError?
  /// The states the host asked for and fired itself (`request`), whose reports by the engine
  /// are still to come, in order.
  private var echoes: [EngineState] = []

  /// Whether the engine is still to report a state the host asked for (`request`).
  public var awaitsEngine: Bool { !echoes.isEmpty }

  /// A state before the engine's first event.
  public init() {}

  /// The host asks the engine for `state` (`play`, `pause` or `seeking` to `position`): the
  /// player fires it now, as a player does when its app calls it, and the engine's own report of
  /// it, which follows, fires nothing again.
  public mutating func request(_ state: EngineState, position: Double? = nil) -> [PlaybackChange] {
    guard fatalError == nil else { return [] }
    if let position { self.position = position }
    echoes.append(state)
    return [apply(state)]
  }

  /// The host pauses the engine without a change the player fires (its content ended, and the
  /// pipeline, still playing, would play on from a seek): the engine's report fires nothing.
  public mutating func pauseQuietly() {
    guard fatalError == nil else { return }
    echoes.append(.pause)
  }

  /// Applies one engine event; answers what the player fires for it, in order.
  public mutating func apply(_ event: EngineEvent) -> [PlaybackChange] {
    guard fatalError == nil else { return [] }
    switch event {
    case .state(let state, let position):
      if echoes.first == state {
        echoes.removeFirst()
        return []
      }
      if let position { self.position = position }
      switch state {
      case .ended where !paused:
        // As a player's media element does: `pause` then `ended`.
        return [.event(.pause, currentTime: nil), apply(state)]
      case .seeked:
        // As a player's media element does: the playhead's `timeupdate`, then `seeked`.
        return [.event(.timeupdate, currentTime: self.position), apply(state)]
      default:
        return [apply(state)]
      }
    case .time(let position, let duration):
      self.position = position
      self.duration = duration
      return [.event(.timeupdate, currentTime: position)]
    case .error(let error):
      return [stop(PlayerError(error.description, code: Self.engineErrorCode))]
    case .crashed(let reason):
      return [stop(PlayerError("the GStreamer helper ended: \(reason)", code: Self.engineErrorCode))]
    case .ready, .scte35, .fragment, .segment, .tags, .playlist, .frames, .screenshot, .stopped, .exited:
      return []
    }
  }

  private mutating func apply(_ state: EngineState) -> PlaybackChange {
    rolling = state == .playing || (rolling && state == .seeked)
    switch state {
    case .play:
      paused = false
      ended = false
      return .event(.play, currentTime: nil)
    case .playing:
      isWaiting = false
      return .event(.playing, currentTime: nil)
    case .pause:
      paused = true
      return .event(.pause, currentTime: nil)
    case .seeking:
      ended = false
      return .event(.seeking, currentTime: position)
    case .seeked: return .event(.seeked, currentTime: position)
    case .waiting:
      isWaiting = true
      return .event(.waiting, currentTime: nil)
    case .ended:
      ended = true
      paused = true
      return .event(.ended, currentTime: nil)
    }
  }

  private mutating func stop(_ error: PlayerError) -> PlaybackChange {
    fatalError = error
    paused = true
    rolling = false
    return .fatal(error)
  }
}

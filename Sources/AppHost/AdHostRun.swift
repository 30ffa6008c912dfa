import AdPlayer
import GStreamerPlayer

/// How a run of an `AdHost` ended, the same words for either player.
public struct AdHostRun: Sendable, Equatable {
  /// The kinds of ending.
  public enum Ending: String, Sendable {
    /// The content played to its end and no ad plays.
    case ended
    /// A fatal player error stopped playback.
    case fatal
    /// The player's clock reached the `until` limit.
    case reachedLimit
    /// The run was stopped (a `stop`, an interruption, the plugins' spent budget).
    case stopped
    /// Nothing was left to do (or the engine's helper ended) before the content's end.
    case idle
    /// Something waited that nothing could end (the headless player's stall).
    case stalled
  }

  /// How the run ended.
  public let ending: Ending
  /// Why, in words.
  public let reason: String

  /// The headless player's outcome: a loop with nothing left to do after the content's end or a
  /// fatal error is the one or the other.
  init(headless kind: LoopOutcome.Kind, reason: String, player: Player) {
    self.reason = reason
    switch kind {
    case .reachedLimit: ending = .reachedLimit
    case .stopped: ending = .stopped
    case .stalled: ending = .stalled
    case .idle:
      if player.fatalError != nil {
        ending = .fatal
      } else if player.ended {
        ending = .ended
      } else {
        ending = .idle
      }
    }
  }

  /// The GStreamer player's ending.
  init(engine ending: EngineRun.Ending, reason: String) {
    self.reason = reason
    switch ending {
    case .ended: self.ending = .ended
    case .fatal: self.ending = .fatal
    case .reachedLimit: self.ending = .reachedLimit
    case .interrupted: self.ending = .stopped
    case .idle: self.ending = .idle
    }
  }
}

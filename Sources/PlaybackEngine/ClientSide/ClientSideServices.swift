import PlayerSeam

/// What a client-side engine uses of the world around it: the player it plays on and the native
/// tracking of its ads' progress. A small value in place of a back-reference to the playback
/// engine (or to the Lua host), so that a `ClientSideEngine` needs nothing but these to play
/// breaks, from Swift or from a plugin. The integration's own callbacks (a plugin's narrator)
/// are the integration's to run: the Lua host injects its detached runner into its delegate.
/// Host thread only (the player is; so the value is not `Sendable`).
public struct ClientSideServices {
  /// The player whose content pauses for the breaks (its clock runs their timers). Unowned: the
  /// player outlives the engines that play on it.
  public unowned let player: any IntegrationPlayer
  /// Tracks an ad's progress natively (`PlaybackEngine.trackProgress`), called after each
  /// successful `updateAdProgress` with the fraction played.
  public let trackProgress: (any IntegrationAd, Double) -> Void

  /// Services of `player`, with `trackProgress` doing the native tracking.
  public init(
    player: any IntegrationPlayer, trackProgress: @escaping (any IntegrationAd, Double) -> Void
  ) {
    self.player = player
    self.trackProgress = trackProgress
  }
}

extension PlaybackEngine {
  /// Services for a client-side engine on this engine's player, tracked by this engine (while it
  /// lives: the value does not keep it).
  public var clientSideServices: ClientSideServices {
    ClientSideServices(player: player) { [weak self] ad, progress in self?.trackProgress(ad, progress) }
  }
}

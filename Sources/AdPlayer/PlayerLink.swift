import PlayerSeam

/// How objects the player owns (controllers, `ads`, its timers) reach back to it. The player
/// clears the link when it goes, so a late call finds no player rather than a dangling one.
/// Unlike a `weak` reference it gives the player no side table, which keeps the reference
/// counting on the hot path fast. Host thread only.
public final class PlayerLink {
  /// The player, until it goes.
  public internal(set) unowned(unsafe) var player: Player?

  init() {}
}

/// Where an ad is in its life, as the controller sees it.
public enum AdPlaybackState: String, Sendable {
  /// Created, not begun (or begun and ended before, and may begin again).
  case scheduled
  /// Begun and not yet ended, skipped or removed: in `currentAds`.
  case playing
  /// Ended by `endAd` (or by `removeAd` while playing).
  case ended
  /// Skipped by `skipAd`.
  case skipped
  /// Removed; the controller refuses it from now on.
  case removed
}

import Foundation
import HLSKit
import PlayerSeam

/// One interstitial playing: its assets, which one plays, and how much has played.
final class InterstitialRun {
  /// An asset to play: from `X-ASSET-URI`, or one of the asset list's.
  struct PlannedAsset {
    let url: URL
    let listDuration: Double?
    let otherMembers: [String: String]
    /// An MPD (a List MPD's `ImportedMPD`), not an HLS playlist.
    var isMPD = false
    /// Its SVTA creative signaling, checked (the envelope as written).
    var signaling: JSONValue?
  }

  /// The asset playing now.
  struct PlayingAsset {
    let index: Int
    let detail: JSONValue
    let startedAt: Double
    /// Seconds it plays: what is left of it, or less by the playout limit.
    let length: Double
    /// What is left of it, whatever the limit.
    let naturalLength: Double
    let cutByLimit: Bool
  }

  let scheduled: ScheduledInterstitial
  /// Where in the interstitial playback starts (a live join inside it), seconds.
  let startOffset: Double
  /// Of the start offset, what the assets before the one playing have not yet used up.
  var offsetLeft: Double
  /// Where the primary content stood when it paused.
  let pausedAt: Double
  var assets: [PlannedAsset] = []
  var skipControl: HLSInterstitial.SkipControl?
  var current: PlayingAsset?
  var assetTimer: (any ScheduledTimer)?
  /// Seconds of assets played.
  var played = 0.0

  init(_ scheduled: ScheduledInterstitial, startOffset: Double, pausedAt: Double) {
    self.scheduled = scheduled
    self.startOffset = startOffset
    offsetLeft = startOffset
    self.pausedAt = pausedAt
    skipControl = scheduled.interstitial.skipControl
  }

  /// Seconds the playout limit still allows (infinite without one).
  var limitLeft: Double {
    guard let limit = scheduled.interstitial.playoutLimit else { return .infinity }
    return max(0, limit - played)
  }
}

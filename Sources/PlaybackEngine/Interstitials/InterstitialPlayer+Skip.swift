import Foundation
import PlayerSeam

extension InterstitialPlayer {
  /// Skips the interstitial playing, as its skip control allows (`X-SKIP-CONTROL-OFFSET` and
  /// `-DURATION`, or the asset list's `SKIP-CONTROL`: seconds into the interstitial from which,
  /// and for how long, it may be skipped). Returns nil when skipped, else why not. The asset
  /// playing ends (`reason = "skip"`), and the primary content resumes as after its end.
  public func skip() -> String? {
    guard let run else { return "no interstitial is playing" }
    guard let control = run.skipControl, let offset = control.offset else {
      return "the interstitial \(run.scheduled.id) has no skip control"
    }
    let elapsed = run.startOffset + run.played + (run.current.map { player.loop.now - $0.startedAt } ?? 0)
    guard elapsed + 1e-9 >= offset else {
      return "the interstitial \(run.scheduled.id) may be skipped \(Self.decimal(offset)) s into it, "
        + "\(Self.decimal(elapsed)) s have played"
    }
    if let duration = control.duration, elapsed > offset + duration + 1e-9 {
      return
        "the skip control of the interstitial \(run.scheduled.id) showed for \(Self.decimal(duration)) s only"
    }
    if run.current != nil { endAsset(run, reason: "skip") }
    endInterstitial(run, reason: "skip")
    return nil
  }

  /// A later load of the playlist changed `X-PLAYOUT-LIMIT` of the interstitial playing: the asset
  /// playing ends at the new limit (at once if it has been reached).
  func limitChanged(_ run: InterstitialRun) {
    guard let current = run.current else { return }
    let elapsed = player.loop.now - current.startedAt
    let left = max(0, run.limitLeft - elapsed)
    let natural = current.naturalLength - elapsed
    let length = min(natural, left)
    run.assetTimer?.cancel()
    run.assetTimer = nil
    run.current = InterstitialRun.PlayingAsset(
      index: current.index, detail: current.detail, startedAt: current.startedAt, length: elapsed + length,
      naturalLength: current.naturalLength, cutByLimit: length < natural)
    // The asset's own end comes from its playback (`InterstitialAssetPlayback`), whatever the limit.
    if length < natural { armLimit(run, after: length) }
  }
}

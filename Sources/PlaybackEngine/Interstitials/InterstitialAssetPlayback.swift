import Foundation
import PlayerSeam

/// How the media of an interstitial's asset plays once `InterstitialPlayer` has decided that it
/// plays (its rules — scheduling, `X-RESTRICT`, `CUE`, skip, playout limits, resume offsets — stay
/// there, once): on the player's clock for the headless player (`ClockAssetPlayback`), or decoded
/// by a real engine (the GStreamer player's). Host thread only.
public protocol InterstitialAssetPlayback: AnyObject {
  /// Plays the asset at `url` (its HLS playlist, the interstitial request's query included) from
  /// `offset` seconds into it; `length` is what is left of it by its playlist. Calls `ended` once
  /// when it has played to its end: with nil, or with why it could not play on (the asset's
  /// time is over either way). Not called after `stop()`.
  func play(_ url: URL, from offset: Double, length: Double, ended: @escaping (_ failure: String?) -> Void)
  /// Stops the asset playing, if any (a seek, a skip, the playout limit, a new source).
  func stop()
  /// Whether the primary content resumes with a seek to its resumption point even when it is
  /// where it paused: a real engine's pipeline, paused while its unsynchronised sinks ran ahead,
  /// is started afresh from there.
  var seeksOnResume: Bool { get }
}

/// The headless player's assets: each lasts its playlist's duration on the player's clock, and
/// nothing is decoded. Host thread only.
public final class ClockAssetPlayback: InterstitialAssetPlayback {
  private let loop: any IntegrationScheduler
  private var timer: (any ScheduledTimer)?

  /// Assets timed by `loop`.
  public init(loop: any IntegrationScheduler) { self.loop = loop }

  public func play(_ url: URL, from offset: Double, length: Double, ended: @escaping (String?) -> Void) {
    stop()
    timer = loop.after(length) { [weak self] in
      self?.timer = nil
      ended(nil)
    }
  }

  public func stop() {
    timer?.cancel()
    timer = nil
  }

  /// The clock's content resumes where it paused without a seek.
  public var seeksOnResume: Bool { false }
}

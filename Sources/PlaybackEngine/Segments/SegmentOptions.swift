import Foundation
import HLSKit

/// How the player loads the media segments of the content it plays (docs/media.md "Segments in
/// virtual time").
public struct SegmentOptions: Sendable, Equatable {
  /// Which variant of a multivariant playlist plays.
  public enum Variant: Sendable, Equatable {
    /// The first listed (as hls.js starts, and as adhost always did).
    case first
    /// The variant at this position (0 = the first).
    case index(Int)
    /// The variant of the highest `BANDWIDTH` at most this many bits per second, else the lowest.
    case bandwidth(Int)
  }

  /// Whether segments are loaded at all; when false the player plays the playlist's timeline only.
  public var enabled = true
  /// Seconds of content loaded ahead of the playhead (hls.js `maxBufferLength`: 30).
  public var forwardBuffer = 30.0
  /// The most bytes one segment (or init segment) may have (real segments are far larger than
  /// the 4 MiB cap of API answers).
  public var maxBodyBytes = 64 << 20
  /// Retries of a segment that failed with a network error, a 5xx status or no status (hls.js
  /// `fragLoadPolicy.errorRetry.maxNumRetry`: 6); a 4xx is not retried, as in hls.js.
  public var errorRetries = 6
  /// The delay before the first retry after an error, doubled for each next one up to
  /// `maxRetryDelay` (hls.js: 1 s, 8 s), in virtual seconds.
  public var retryDelay = 1.0
  /// The longest delay between retries.
  public var maxRetryDelay = 8.0
  /// Retries of a segment that timed out (hls.js `timeoutRetry.maxNumRetry`: 4, at once).
  public var timeoutRetries = 4
  /// Seconds of content behind the playhead whose in-band cues stay in the player's cues (Shaka's
  /// `bufferBehind`: 30); a cue that ends further behind is released (`removecue`).
  public var backBuffer = 30.0
  /// Which variant of an HLS playlist plays, and which Representation of a DASH adaptation set.
  public var variant = Variant.first
  /// Segments among the last `failureWindow` that may fail before segment loading stops for the
  /// source (a `segments-abandoned` entry) and the playlist's timeline plays alone: a stream
  /// whose segments all fail, or every other one, would otherwise try, and log, every one of
  /// them. hls.js stops at the first segment that fails after its retries (a fatal
  /// `fragLoadError`); adhost goes over a few gaps first.
  public var maxFailuresInWindow = 10
  /// How many of the last segments `maxFailuresInWindow` counts in.
  public var failureWindow = 20

  /// The defaults.
  public init() {}

  /// The delay before retry `number` (1 for the first) after an error.
  func errorDelay(beforeRetry number: Int) -> Double {
    min(maxRetryDelay, retryDelay * Double(1 << min(max(number - 1, 0), 20)))
  }

  /// The variant `variant` picks from `variants` (in playlist order), or nil when none fits.
  static func pick(_ variant: Variant, from variants: [HLSVariant]) -> HLSVariant? {
    pick(variant, bandwidths: variants.map(\.bandwidth)).map { variants[$0] }
  }

  /// The position `variant` picks among renditions of these bandwidths (in listed order; a DASH
  /// adaptation set's Representations too), or nil when none fits.
  static func pick(_ variant: Variant, bandwidths: [Int]) -> Int? {
    switch variant {
    case .first: return bandwidths.isEmpty ? nil : 0
    case .index(let index): return bandwidths.indices.contains(index) ? index : nil
    case .bandwidth(let limit):
      let fitting = bandwidths.indices.filter { bandwidths[$0] <= limit }
      return fitting.max { bandwidths[$0] < bandwidths[$1] }
        ?? bandwidths.indices.min { bandwidths[$0] < bandwidths[$1] }
    }
  }
}

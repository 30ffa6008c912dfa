/// How a source's segments have been failing: segment loading stops once too many of the last
/// ones failed (`SegmentOptions.maxFailuresInWindow` of the last `failureWindow`), so that a
/// stream failing every other segment is abandoned as surely as one failing them all; and
/// whether a segment of the source stalled (timed out on every try), after which its timeouts
/// are not retried (`SegmentFetch`). Shared by the loader and its fetch. Host thread only.
final class SegmentFailures {
  private let window: Int
  private let limit: Int
  /// The outcomes of the last `window` segments (true: failed), a ring written at `next`.
  private var recent: [Bool] = []
  private var next = 0
  /// How many of `recent` failed.
  private(set) var failed = 0
  /// Whether a segment (or init segment) of the source timed out on every try: the server
  /// stalls. Each try of a stalled request costs wall time while the virtual clock stands still.
  var stalled = false

  init(_ options: SegmentOptions) {
    window = max(1, options.failureWindow)
    limit = max(1, options.maxFailuresInWindow)
  }

  /// Records the outcome of a segment; returns whether it failed and the failures in the window
  /// reached the limit (segment loading stops).
  func record(failed segmentFailed: Bool) -> Bool {
    if recent.count < window {
      recent.append(segmentFailed)
    } else {
      if recent[next] { failed -= 1 }
      recent[next] = segmentFailed
    }
    next = (next + 1) % window
    if segmentFailed { failed += 1 }
    return segmentFailed && failed >= limit
  }

  /// Forgets the previous source's segments.
  func reset() {
    recent.removeAll(keepingCapacity: true)
    (next, failed, stalled) = (0, 0, false)
  }

  /// "10 of the last 20 segments failed".
  var summary: String { "\(failed) of the last \(recent.count) segments failed" }
}

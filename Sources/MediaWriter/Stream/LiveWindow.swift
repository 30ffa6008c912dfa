/// The segments a live stream's manifest lists at a position: `window` segments from the
/// position on, the window stopping at the last segments, where the manifest ends the stream.
public struct LiveWindow: Sendable, Equatable {
  /// The segments listed.
  public let segments: Range<Int>
  /// Whether the manifest ends the stream (the window has reached the last segment).
  public let ended: Bool

  /// The window at `position` (0 for the first manifest) of `window` segments out of `count`.
  public init(position: Int, window: Int, count: Int) {
    let size = min(max(1, window), count)
    let last = count - size
    let first = min(max(0, position), last)
    segments = first..<first + size
    ended = position >= last
  }
}

extension MediaStream {
  /// The live manifest at `position` (the spec's window; the whole stream, ended, without one).
  /// A DASH MPD counts presentation time from `availabilityStart`, seconds since 1970.
  public func liveManifest(position: Int, availabilityStart: Double) -> (text: String, window: LiveWindow) {
    let live = LiveWindow(position: position, window: spec.live?.window ?? segmentCount, count: segmentCount)
    let window =
      spec.live == nil ? LiveWindow(position: segmentCount, window: segmentCount, count: segmentCount) : live
    return (
      manifest(window: window.segments, ended: window.ended, availabilityStart: availabilityStart), window
    )
  }

  /// The `availabilityStartTime` of a live DASH MPD whose first window ends at `date` (seconds
  /// since 1970), so that a player joining at `date` joins at that window's live edge.
  public func availabilityStart(firstWindowEndsAt date: Double) -> Double {
    let window = min(spec.live?.window ?? segmentCount, segmentCount)
    return date - Double(timeline.segments[window - 1].endTicks) / 90_000
  }

  /// The date (seconds since 1970) the first window ends at when the MPD's
  /// `availabilityStartTime` is `HLSPlaylist.firstFrameDate`: what a virtual-time run passes as
  /// `--start-date` to join at the first window's live edge.
  public var firstWindowEnd: Double { HLSPlaylist.firstFrameDate - availabilityStart(firstWindowEndsAt: 0) }

  /// 2026-01-01T00:00:00Z: the program date of the first frame, and a loads-clock live MPD's
  /// `availabilityStartTime`.
  public static var firstFrameDate: Double { HLSPlaylist.firstFrameDate }
}

import HLSKit

/// Where the playhead starts in an HLS source, from the first load of its media playlist
/// (docs/media.md "Where a live stream starts").
enum PlaylistStart {
  /// The run's live start point (`behindLiveEdge`: seconds before the end of the last segment,
  /// kept within the window) for a live playlist; else `#EXT-X-START`, the multivariant
  /// playlist's before the media playlist's (as hls.js), for live and VOD alike; else the start
  /// of the playlist.
  static func position(
    of playlist: HLSMediaPlaylist, multivariantStart: HLSStart?, behindLiveEdge: Double?
  ) -> Double {
    let first = playlist.segments.first?.startTime ?? 0
    if playlist.isLive, let behind = behindLiveEdge {
      return max(first, (playlist.segments.last?.endTime ?? first) - behind)
    }
    guard let start = multivariantStart ?? playlist.start else { return first }
    return start.position(in: playlist.segments)
  }
}

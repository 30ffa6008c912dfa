import Foundation
import HLSKit

/// A media segment as the loader loads it: one of an HLS media playlist, or one of a DASH
/// Representation (`DASHSegmentPlan`), in content time.
struct LoadSegment {
  /// Where it is: a URL (DASH), or an HLS segment's resolved URI (`HLSResolvedURI`, its text not
  /// even joined yet), made a URL only when asked, as it is loaded. A live playlist's whole
  /// timeline becomes `LoadSegment`s on each reload: a URL parsed per segment there would cost
  /// O(segments) parses every few seconds.
  private enum Address {
    case url(URL)
    case hlsURI(HLSResolvedURI)
  }

  private let address: Address

  /// Its URL, resolved.
  var url: URL {
    switch address {
    case .url(let url): url
    case .hlsURI(let uri): uri.url
    }
  }
  /// Only these bytes of `url` are the segment.
  var byteRange: HLSByteRange?
  /// Its init segment (HLS `#EXT-X-MAP`, DASH `Initialization`), if any.
  var initSegment: HLSMap?
  /// HLS: its media sequence number; DASH: the Period's position × 2^40 plus the segment's number
  /// (`$Number$`, modulo 2^40; consecutive within a Period).
  var sequence: Int
  /// Where it starts on the content timeline, and how long the playlist or MPD says it lasts.
  var startTime: Double
  var duration: Double
  /// Whether its timestamps may jump from the previous one's: after `#EXT-X-DISCONTINUITY`, or
  /// the first segment of a DASH Period after the first.
  var discontinuity: Bool
  /// Content time minus media time when the manifest fixes it (DASH: the Period's start − the
  /// origin − `presentationTimeOffset` / `timescale`); nil when the first segment of each
  /// timestamp domain anchors it (HLS).
  var timestampOffset: Double?
  /// The DASH Period's key, for the log; nil for HLS.
  var period: String?

  /// Where it ends on the content timeline.
  var endTime: Double { startTime + duration }

  /// A segment of an HLS media playlist.
  init(_ segment: HLSSegment) {
    address = .hlsURI(segment.resolvedURI)
    byteRange = segment.byteRange
    initSegment = segment.map
    sequence = segment.sequence
    startTime = segment.startTime
    duration = segment.duration
    discontinuity = segment.discontinuity
  }

  /// A segment of a DASH Representation.
  init(
    url: URL, byteRange: HLSByteRange?, initSegment: HLSMap?, sequence: Int, startTime: Double,
    duration: Double, discontinuity: Bool, timestampOffset: Double, period: String
  ) {
    address = .url(url)
    self.byteRange = byteRange
    self.initSegment = initSegment
    self.sequence = sequence
    self.startTime = startTime
    self.duration = duration
    self.discontinuity = discontinuity
    self.timestampOffset = timestampOffset
    self.period = period
  }
}

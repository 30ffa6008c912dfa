import Foundation
import MediaKit

/// Media segments in recordings: a recorded segment keeps only what adhost reads from it
/// (`MediaKit.SegmentTrimmer`: for MPEG-TS the PAT/PMT, the timed-metadata and SCTE-35 packets
/// and the first and last PES header of each stream; for fMP4 every box with `mdat` emptied),
/// so that a long stream's recording stays small (docs/http.md "Media segments").
enum RecordedSegment {
  /// Content types of media segments.
  static let contentTypes: Set<String> = [
    "video/mp2t", "video/mpeg", "audio/mp2t", "audio/aac", "audio/x-aac", "audio/ac3", "audio/eac3",
    "audio/mpeg", "video/mp4", "audio/mp4", "video/iso.segment", "audio/iso.segment", "application/mp4",
  ]

  /// File extensions of media segments, for answers whose content type does not say.
  static let extensions: Set<String> = [
    "ts", "aac", "ac3", "ec3", "mp3", "m4s", "mp4", "m4v", "m4a", "cmfv", "cmfa", "cmft", "mp4a", "mp4v",
  ]

  /// Whether an answer is a media segment: by its content type, or by the URL's extension when
  /// the type is missing or generic (`application/octet-stream`, `binary/octet-stream`).
  static func isSegment(contentType: String?, url: URL) -> Bool {
    let essence = MediaType.essence(contentType)
    if let essence, contentTypes.contains(essence) { return true }
    guard essence == nil || essence == "" || essence?.hasSuffix("/octet-stream") == true else { return false }
    return extensions.contains(url.pathExtension.lowercased())
  }

  /// Whether `response` is a media segment to keep trimmed: a 2xx answer that is a segment, but
  /// not the whole resource answering a byte-range request (a server that ignores `Range`
  /// answers 200, and the player cuts the range out of it by its offsets, which trimming moves).
  static func isTrimmable(_ response: HTTPResponse, of request: HTTPRequest) -> Bool {
    guard response.isSuccess, isSegment(contentType: response.headers["content-type"], url: request.url)
    else {
      return false
    }
    let asksRange = request.headers.keys.contains { $0.lowercased() == "range" }
    return !asksRange || response.status == 206
  }

  /// The trimmed body of a segment answer, or nil when trimming does not make it smaller.
  static func trimmed(_ body: Data) -> Data? {
    let trimmed = SegmentTrimmer.trim(Array(body))
    return trimmed.count < body.count ? Data(trimmed) : nil
  }
}

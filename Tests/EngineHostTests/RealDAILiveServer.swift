import Foundation
import LoopbackHTTP
import RealMedia

/// Google DAI live on 127.0.0.1 with real media: the stream request (form POST to
/// /linear/v1/hls/event/asset-1/stream) answers `stream_manifest`, `metadata_url` and
/// `media_verification_url`; the stream is a live HLS playlist of real H.264 + AAC
/// (`RealStream`: a window of three 2 s segments moving on per load) whose `google_…` ids exist
/// only as ID3 `TXXX` frames, in CMAF: each tag an `emsg` box (v1, 90 kHz) of the ID3 scheme
/// before its segment's `moof`; the metadata names the break's ad from the first poll; every
/// ping answers 204.
final class RealDAILiveServer: ServedSource, Sendable {
  /// The stream's length.
  static let seconds = 18.0
  /// The media ids and their content times (from the first window's start).
  static let tags: [(id: String, time: Double)] = [
    ("google_live1_start_0001", 8), ("google_live1_mid_0001", 11), ("google_live1_end_0001", 13.5),
  ]
  static let metadata = """
    {"tags": {"google_live1_start": {"type": "start", "ad": "live1", "ad_break_id": "b1"},
              "google_live1_mid": {"type": "midpoint", "ad": "live1", "ad_break_id": "b1"},
              "google_live1_end": {"type": "complete", "ad": "live1", "ad_break_id": "b1"}},
     "ads": {"live1": {"ad_break_id": "b1", "position": 1, "duration": 6, "title": "Live one"}},
     "ad_breaks": {"b1": {"type": "mid", "duration": 6, "expected_duration": 6, "ads": 1}}}
    """
  static let pingPrefix = "/view/p/service/linear/stream/live-1/media/"

  let server: LoopbackServer
  let sourceJSON: String

  init() throws {
    server = try LoopbackServer()
    let base = server.baseURL.absoluteString
    let frames = Self.tags.map {
      #"{"time": \#($0.time), "frames": [{"id": "TXXX", "description": "google", "text": "\#($0.id)"}]}"#
    }
    let playlist = try RealStream(
      spec: """
        {"format": "hls-cmaf", "duration": \(Self.seconds), "segmentDuration": 2, "live": {"window": 3},
         "id3": [\(frames.joined(separator: ", "))]}
        """
    ).serve(on: server, under: "/live/")
    server.route("/linear/v1/hls/event/asset-1/stream") { request in
      guard request.method == "POST" else { return LoopbackResponse(status: 405) }
      return .text(
        """
        {"stream_id": "live-1", "stream_manifest": "\(playlist)",
         "media_verification_url": "\(base)\(Self.pingPrefix)",
         "metadata_url": "\(base)/linear/hls/event/asset-1/stream/live-1/metadata", "polling_frequency": 5}
        """, type: "application/json")
    }
    server.route("/linear/hls/event/asset-1/stream/live-1/metadata") { _ in
      .text(Self.metadata, type: "application/json")
    }
    server.fallback { request in
      request.path.hasPrefix(Self.pingPrefix) ? LoopbackResponse(status: 204) : .notFound
    }
    sourceJSON = """
      {"sources": [{"src": "https://dai.invalid/unused.m3u8", "type": "application/x-mpegurl",
        "ssai": {"integration": "google-dai", "availabilityType": "live", "assetKey": "asset-1",
        "baseUrl": "\(base)"}}]}
      """
  }

  deinit { server.stop() }
}

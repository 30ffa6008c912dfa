import Foundation
import LoopbackHTTP
import MediaWriter
import RealMedia

/// Google DAI VOD on 127.0.0.1 with real media the engine decodes: the stream request answers
/// `stream_manifest`, `media_verification_url` and `ad_breaks` (a 6 s pre-roll and a 6 s
/// mid-roll at 12 s in 18 s of stream, or content after it up to `seconds`); the HLS TS stream is real H.264 + AAC (`RealClip`) cut
/// in 2 s segments whose `google_…` media ids exist only as timed ID3 `TXXX` frames; the
/// verification endpoint answers 204 the first time an id is pinged and 404 after.
final class RealDAIServer: @unchecked Sendable {
  /// The stream's length by default: the breaks and nothing after them.
  static let seconds = 18.0
  /// The media ids and their content times.
  static let tags: [(id: String, time: Double)] = [
    ("google_pre1_start", 0), ("google_pre1_mid", 3), ("google_pre1_end", 5.5),
    ("google_mid1_start", 12), ("google_mid1_mid", 15), ("google_mid1_end", 17.5),
  ]
  static let adBreaks = """
    [{"type": "pre", "start": 0, "duration": 6, "ads": [{"seq": 1, "duration": 6, "ad_id": "pre1",
      "events": [{"time": 0, "type": "start"}, {"time": 3, "type": "midpoint"}]}]},
     {"type": "mid", "start": 12, "duration": 6, "ads": [{"seq": 1, "duration": 6, "ad_id": "mid1",
      "events": [{"time": 12, "type": "start"}, {"time": 15, "type": "midpoint"}]}]}]
    """
  static let pingPrefix = "/view/p/service/vod/stream/s-1/media/"

  let server: LoopbackServer
  /// The stream's length.
  let seconds: Double
  private let lock = NSLock()
  private var pinged: Set<String> = []

  /// Serves a stream of `seconds` (a multiple of 2, at least 18).
  init(seconds: Double = RealDAIServer.seconds) throws {
    let stream = try Self.stream(seconds: seconds)
    self.seconds = seconds
    server = try LoopbackServer()
    let base = server.baseURL.absoluteString
    let manifest = stream.serve(on: server, under: "/streams/s-1/")
    server.route("/ondemand/v1/hls/content/cms-1/vid/video-1/stream") { request in
      guard request.method == "POST" else { return LoopbackResponse(status: 405) }
      return .text(
        """
        {"stream_id": "s-1", "total_duration": \(seconds),
         "stream_manifest": "\(manifest)",
         "media_verification_url": "\(base)\(Self.pingPrefix)", "ad_breaks": \(Self.adBreaks)}
        """, type: "application/json")
    }
    server.fallback { [weak self] request in
      guard let self, request.path.hasPrefix(Self.pingPrefix) else { return .notFound }
      let id = String(request.path.dropFirst(Self.pingPrefix.count))
      let first = self.lock.withLock { self.pinged.insert(id).inserted }
      return LoopbackResponse(status: first ? 204 : 404)
    }
  }

  deinit { server.stop() }

  /// The `baseUrl` of a source for this server.
  var baseURL: String { server.baseURL.absoluteString }

  /// The ids pinged at the verification endpoint, in order.
  var pings: [String] {
    server.requests.filter { $0.path.hasPrefix(Self.pingPrefix) }.map {
      String($0.path.dropFirst(Self.pingPrefix.count))
    }
  }

  /// Every path the server was asked for, in order.
  var paths: [String] { server.requests.map(\.path) }

  /// A source for `plugins/dai.lua` on this server.
  var sourceJSON: String {
    """
    {"sources": [{"src": "https://dai.invalid/unused.m3u8", "type": "application/x-mpegurl",
      "ssai": {"integration": "google-dai", "availabilityType": "vod", "contentSourceID": "cms-1",
      "videoID": "video-1", "apiKey": "key-1", "baseUrl": "\(baseURL)"}}]}
    """
  }

  /// The stream of `seconds`: real media with the ids' tags.
  private static func stream(seconds: Double) throws -> RealStream {
    let frames = tags.map {
      #"{"time": \#($0.time), "frames": [{"id": "TXXX", "description": "google", "text": "\#($0.id)"}]}"#
    }
    return try RealStream(
      spec: """
        {"format": "hls-ts", "duration": \(seconds), "segmentDuration": 2, "id3": [\(frames.joined(separator: ", "))]}
        """)
  }
}

import Foundation
import LoopbackHTTP
import MediaWriter

/// Google DAI on 127.0.0.1, following Google's documented JSON: a VOD stream request (form POST
/// to /ondemand/v1/hls/content/{cms}/vid/{video}/stream) answering `stream_manifest`,
/// `media_verification_url` and `ad_breaks`; the stream's media playlist; MPEG-TS segments whose
/// `google_…` media ids exist only as timed ID3 `TXXX` frames; and the media-verification
/// endpoint, which answers 204 the first time an id is pinged and 404 after.
final class DAIServer: @unchecked Sendable {
  /// A media id and its content time.
  struct Tag {
    let id: String
    let time: Double
  }

  static let segmentSeconds = 6.0
  /// Where the media timestamps start (90 kHz), so that content time is mapped, not copied.
  static let firstPTS = 10.0

  let server: LoopbackServer
  let segments: Int
  let tags: [Tag]
  private let lock = NSLock()
  private var pinged: Set<String> = []

  /// A stream of `segments` segments of 6 s carrying `tags`, its breaks as `adBreaks` (JSON text).
  init(segments: Int, tags: [Tag], adBreaks: String) throws {
    server = try LoopbackServer()
    self.segments = segments
    self.tags = tags
    let base = server.baseURL.absoluteString
    server.route("/ondemand/v1/hls/content/cms-1/vid/video-1/stream") { request in
      guard request.method == "POST" else { return LoopbackResponse(status: 405) }
      return .text(
        """
        {"stream_id": "s-1", "total_duration": \(Double(segments) * Self.segmentSeconds),
         "stream_manifest": "\(base)/streams/s-1/media.m3u8",
         "media_verification_url": "\(base)/view/p/service/vod/stream/s-1/media/",
         "ad_breaks": \(adBreaks)}
        """, type: "application/json")
    }
    server.route("/streams/s-1/media.m3u8") { _ in
      var text = "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:6\n#EXT-X-MEDIA-SEQUENCE:0\n"
      for index in 0..<segments { text += "#EXTINF:6.0,\nseg\(index).ts\n" }
      return .text(text + "#EXT-X-ENDLIST\n", type: "application/vnd.apple.mpegurl")
    }
    for index in 0..<segments {
      let bytes = Self.segment(index, tags: tags)
      server.route("/streams/s-1/seg\(index).ts") { _ in
        LoopbackResponse(headers: [("Content-Type", "video/mp2t")], body: Data(bytes))
      }
    }
    server.fallback { [weak self] request in
      let prefix = "/view/p/service/vod/stream/s-1/media/"
      guard let self, request.path.hasPrefix(prefix) else { return .notFound }
      let id = String(request.path.dropFirst(prefix.count))
      let first = self.lock.withLock { self.pinged.insert(id).inserted }
      return LoopbackResponse(status: first ? 204 : 404)
    }
  }

  deinit { server.stop() }

  /// The request URL of a source.json for this server.
  var baseURL: String { server.baseURL.absoluteString }

  /// The ids pinged at the verification endpoint, in order, once per request.
  var pings: [String] {
    server.requests.filter { $0.path.hasPrefix("/view/p/service/vod/stream/s-1/media/") }.map {
      String($0.path.split(separator: "/").last ?? "")
    }
  }

  /// A TS segment whose video covers segment `index`, with the ID3 tags that fall in it.
  static func segment(_ index: Int, tags: [Tag]) -> [UInt8] {
    let start = Double(index) * segmentSeconds
    var writer = TSWriter()
    writer.video(pts: ticks(start))
    for tag in tags where tag.time >= start && tag.time < start + segmentSeconds {
      var id3 = ID3Writer()
      id3.userText(description: "google", tag.id)
      writer.id3(pts: ticks(tag.time), id3.bytes())
    }
    writer.video(pts: ticks(start + segmentSeconds - 0.04))
    return writer.bytes
  }

  static func ticks(_ contentSeconds: Double) -> UInt64 {
    UInt64(((contentSeconds + firstPTS) * 90_000).rounded())
  }
}

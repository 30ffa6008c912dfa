import Foundation
import LoopbackHTTP
import MediaWriter

/// Google DAI live on 127.0.0.1, following Google's documented JSON: the stream request (form
/// POST to /linear/v1/hls/event/{assetKey}/stream) answering `stream_manifest`,
/// `media_verification_url`, `metadata_url` and `polling_frequency`; a live CMAF playlist whose
/// window grows by one 6 s segment per load; segments whose `google_…` ids exist only as ID3 in
/// `emsg` boxes (scheme https://aomedia.org/emsg/ID3); the metadata, whose `tags`, `ads` and
/// `ad_breaks` for the break arrive from the `metadataFrom`-th poll on; and the verification
/// endpoint (204).
final class DAILiveServer: @unchecked Sendable {
  static let timescale: UInt32 = 90_000
  static let firstPTS = 10.0

  let server: LoopbackServer
  private let lock = NSLock()
  private var loads = 0
  private var polls = 0

  init(segments: Int, tags: [DAIServer.Tag], metadata: String, metadataFrom: Int) throws {
    server = try LoopbackServer()
    let base = server.baseURL.absoluteString
    server.route("/linear/v1/hls/event/asset-1/stream") { request in
      guard request.method == "POST" else { return LoopbackResponse(status: 405) }
      return .text(
        """
        {"stream_id": "live-1", "stream_manifest": "\(base)/live/media.m3u8",
         "media_verification_url": "\(base)/view/p/service/linear/stream/live-1/media/",
         "metadata_url": "\(base)/linear/hls/event/asset-1/stream/live-1/metadata",
         "polling_frequency": 5}
        """, type: "application/json")
    }
    server.route("/live/media.m3u8") { [weak self] _ in
      guard let self else { return .notFound }
      let load = self.lock.withLock { () -> Int in
        defer { self.loads += 1 }
        return self.loads
      }
      let count = min(segments, 3 + load)
      var text = "#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-TARGETDURATION:6\n#EXT-X-MEDIA-SEQUENCE:0\n"
      text += "#EXT-X-MAP:URI=\"init.mp4\"\n"
      for index in 0..<count { text += "#EXTINF:6.0,\nseg\(index).m4s\n" }
      if count == segments { text += "#EXT-X-ENDLIST\n" }
      return .text(text, type: "application/vnd.apple.mpegurl")
    }
    let initSegment = CMAFWriter.initSegment(timescale: Self.timescale)
    server.route("/live/init.mp4") { _ in LoopbackResponse(body: Data(initSegment)) }
    for index in 0..<segments {
      let bytes = Self.segment(index, tags: tags)
      server.route("/live/seg\(index).m4s") { _ in LoopbackResponse(body: Data(bytes)) }
    }
    server.route("/linear/hls/event/asset-1/stream/live-1/metadata") { [weak self] _ in
      guard let self else { return .notFound }
      let poll = self.lock.withLock { () -> Int in
        self.polls += 1
        return self.polls
      }
      return .text(
        poll >= metadataFrom ? metadata : #"{"tags": {}, "ads": {}, "ad_breaks": {}}"#,
        type: "application/json")
    }
    server.fallback { request in
      request.path.hasPrefix("/view/p/service/linear/stream/live-1/media/")
        ? LoopbackResponse(status: 204) : .notFound
    }
  }

  deinit { server.stop() }

  var baseURL: String { server.baseURL.absoluteString }

  /// A CMAF segment covering 6 s from `index` × 6 s, with an `emsg` v1 per tag in it.
  static func segment(_ index: Int, tags: [DAIServer.Tag]) -> [UInt8] {
    let start = Double(index) * 6
    let boxes = tags.filter { $0.time >= start && $0.time < start + 6 }.enumerated().map { offset, tag in
      var id3 = ID3Writer()
      id3.userText(description: "google", tag.id)
      return CMAFWriter.emsg(
        version: 1, scheme: "https://aomedia.org/emsg/ID3", timescale: timescale, time: ticks(tag.time),
        duration: 0, id: UInt32(index * 10 + offset), id3.bytes())
    }
    return CMAFWriter.mediaSegment(
      emsgs: boxes, decodeTime: ticks(start), sampleDuration: 90_000, samples: 6)
  }

  static func ticks(_ seconds: Double) -> UInt64 { UInt64(((seconds + firstPTS) * 90_000).rounded()) }
}

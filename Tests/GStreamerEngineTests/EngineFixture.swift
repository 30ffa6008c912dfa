import Foundation
import LoopbackHTTP
import MediaWriter
import RealMedia
import TestFiles
import Testing

/// A decodable HLS TS stream on 127.0.0.1: 6 s of real H.264 (160×90, 25 fps, an IDR picture
/// every second) and AAC, encoded by Debian's ffmpeg at test time, cut by MediaWriter into 2 s
/// segments with a timed ID3 tag at 1.5 s and a SCTE-35 splice_insert at 3 s.
final class EngineFixture {
  static let seconds = 6.0
  static let frameRate = 25.0
  static let spliceTime = 3.0
  let server: LoopbackServer
  let stream: MediaStream

  /// The playlist's URL.
  var playlist: URL { server.url("/" + stream.manifestName) }

  /// The name of segment `index`.
  static func segmentName(_ index: Int) -> String { (try? stream.get().segmentName(index)) ?? "" }

  /// The multivariant playlist's URL (`variants`).
  var multivariant: URL { server.url("/master.m3u8") }

  /// Serves the stream; `missing` names files answered 404. `variants` (folder, `BANDWIDTH`)
  /// serves it in each folder too, as the variants of a multivariant playlist, in that order.
  convenience init(missing: Set<String> = [], variants: [(folder: String, bandwidth: Int)] = []) throws {
    try self.init(serving: try Self.stream.get(), missing: missing, variants: variants)
  }

  /// Serves `stream` (its manifest at `playlist`).
  init(
    serving stream: MediaStream, missing: Set<String> = [], variants: [(folder: String, bandwidth: Int)] = []
  )
    throws
  {
    self.stream = stream
    server = try LoopbackServer()
    for folder in [""] + variants.map({ $0.folder + "/" }) {
      for (name, bytes) in stream.files where !missing.contains(name) {
        server.route("/" + folder + name) { _ in
          LoopbackResponse(
            status: 200, headers: [(name: "Content-Type", value: MediaStream.contentType(name))],
            body: Data(bytes))
        }
      }
    }
    var master = "#EXTM3U\n"
    for variant in variants {
      master += "#EXT-X-STREAM-INF:BANDWIDTH=\(variant.bandwidth),RESOLUTION=160x90\n"
      master += "\(variant.folder)/\(stream.manifestName)\n"
    }
    let text = master
    server.route("/master.m3u8") { _ in .text(text, type: "application/vnd.apple.mpegurl") }
  }

  deinit { server.stop() }

  /// Whether the engine can run here (`RealClip.skipReason`).
  static var skipReason: String? { RealClip.skipReason }

  /// The tests' trait: skipped, with the reason, where the engine cannot run.
  static var engineTests: ConditionTrait { RealClip.engineTests }

  /// The stream, made once for all the tests.
  private static let stream: Result<MediaStream, Error> = Result {
    let spec = try MediaSpec.read(
      """
      {"format": "hls-ts", "duration": \(seconds), "segmentDuration": 2, "payload": {"clip": "clip.ts"},
       "id3": [{"time": 1.5, "frames": [{"id": "TXXX", "description": "google", "text": "google_1"}]}],
       "scte35": [{"time": \(spliceTime), "command": "splice_insert", "eventId": 7, "duration": 1}]}
      """)
    return MediaStream(spec, clip: try RealClip.encode(seconds: seconds))
  }
}

import Foundation
import LoopbackHTTP
import MediaWriter
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

  /// Whether the engine can run here, and if not, why not (the tests skip, saying so).
  static let skipReason: String? = {
    #if !os(Linux)
      return "the GStreamer engine runs on Linux only"
    #else
      guard
        let program = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"),
        FileManager.default.isExecutableFile(
          atPath: URL(fileURLWithPath: program).deletingLastPathComponent().appendingPathComponent(
            "adhost-gst"
          ).path)
      else { return "adhost-gst is not built (GStreamer's development packages: scripts/setup.sh)" }
      guard ffmpeg != nil else { return "ffmpeg is not installed (ADHOST_TEST=1 scripts/setup.sh)" }
      return nil
    #endif
  }()

  /// The tests' trait: skipped, with the reason, where the engine cannot run.
  static var engineTests: ConditionTrait {
    .enabled(if: skipReason == nil, Comment(rawValue: "GStreamer engine test skipped: \(skipReason ?? "")"))
  }

  private static let ffmpeg: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin")
    .split(separator: ":").map { "\($0)/ffmpeg" }.first { FileManager.default.isExecutableFile(atPath: $0) }

  /// The stream, made once for all the tests.
  private static let stream: Result<MediaStream, Error> = Result {
    let scratch = try Scratch()
    let clip = scratch.folder.appendingPathComponent("clip.ts")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: ffmpeg ?? "/usr/bin/ffmpeg")
    process.arguments = [
      "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=160x90:rate=25", "-f", "lavfi", "-i",
      "sine=frequency=440:sample_rate=48000", "-t", "7", "-c:v", "libx264", "-preset", "ultrafast", "-g",
      "25",
      "-keyint_min", "25", "-sc_threshold", "0", "-c:a", "aac", "-f", "mpegts", clip.path,
    ]
    process.standardInput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw FixtureError(description: "ffmpeg could not encode the clip")
    }
    let spec = try MediaSpec.read(
      """
      {"format": "hls-ts", "duration": \(seconds), "segmentDuration": 2, "payload": {"clip": "clip.ts"},
       "id3": [{"time": 1.5, "frames": [{"id": "TXXX", "description": "google", "text": "google_1"}]}],
       "scte35": [{"time": \(spliceTime), "command": "splice_insert", "eventId": 7, "duration": 1}]}
      """)
    return MediaStream(spec, clip: try TSClip([UInt8](try Data(contentsOf: clip))))
  }
}

struct FixtureError: Error, CustomStringConvertible {
  var description: String
}

import Foundation
import MediaWriter

/// The stream of `adhost-bench engine`: two minutes of real H.264 (640×360, 25 fps, an IDR
/// picture every 2 s) and AAC encoded by Debian's ffmpeg, as GStreamerEngineTests' fixture is,
/// cut by MediaWriter into 4 s HLS TS segments with a timed ID3 tag every 10 s.
enum EngineBenchStream {
  static let seconds = 120
  /// The picture size, unless `--size` gives another.
  static let defaultSize = "640x360"
  static let frameRate = 25

  /// The stream's files, its playlist's name and its length.
  struct Made {
    var files: [(name: String, bytes: [UInt8])]
    var manifestName: String
    var segmentCount: Int
    var seconds: Double
    /// Every video frame of the stream.
    var frames: Int
  }

  /// The stream at `size` (`WIDTHxHEIGHT`).
  static func make(size: String) throws -> Made {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "adhost-bench-engine-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let clip = folder.appendingPathComponent("clip.ts")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=\(size):rate=\(frameRate)", "-f",
      "lavfi",
      "-i", "sine=frequency=440:sample_rate=48000", "-t", "\(seconds + 1)", "-c:v", "libx264", "-preset",
      "ultrafast", "-g", "\(2 * frameRate)", "-keyint_min", "\(2 * frameRate)", "-sc_threshold", "0", "-c:a",
      "aac", "-f", "mpegts", clip.path,
    ]
    process.standardInput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw MediaBench.BenchError(
        description: "ffmpeg (with libx264) could not encode the clip: status \(process.terminationStatus)")
    }
    let tags = stride(from: 5, to: seconds, by: 10).map { time in
      #"{"time": \#(time), "frames": [{"id": "TXXX", "description": "bench", "text": "tag_\#(time)"}]}"#
    }
    let spec = try MediaSpec.read(
      """
      {"format": "hls-ts", "duration": \(seconds), "segmentDuration": 4, "payload": {"clip": "clip.ts"},
       "id3": [\(tags.joined(separator: ", "))]}
      """)
    let stream = MediaStream(spec, clip: try TSClip([UInt8](try Data(contentsOf: clip))))
    return Made(
      files: stream.files, manifestName: stream.manifestName, segmentCount: stream.segmentCount,
      seconds: Double(seconds), frames: seconds * frameRate)
  }
}

import Foundation
import MediaWriter
import Synchronization
import TestFiles
import Testing

/// Real H.264 (160×90, 25 fps, an IDR picture every second) and AAC, encoded by Debian's ffmpeg at
/// test time, for the tests of the real engine; and whether that engine can run here.
public enum RealClip {
  /// Frames a second.
  public static let frameRate = 25.0

  /// A transport stream clip of `seconds` (a second more is encoded, for MediaWriter's cuts).
  public static func encode(seconds: Double) throws -> TSClip {
    let scratch = try Scratch()
    let clip = scratch.folder.appendingPathComponent("clip.ts")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: ffmpeg ?? "/usr/bin/ffmpeg")
    process.arguments = [
      "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=160x90:rate=25", "-f", "lavfi", "-i",
      "sine=frequency=440:sample_rate=48000", "-t", "\(Int(seconds) + 1)", "-c:v", "libx264", "-preset",
      "ultrafast", "-g", "25", "-keyint_min", "25", "-sc_threshold", "0", "-c:a", "aac", "-f", "mpegts",
      clip.path,
    ]
    process.standardInput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw RealClipError(description: "ffmpeg could not encode the clip")
    }
    return try TSClip([UInt8](try Data(contentsOf: clip)))
  }

  private static let clips = Mutex<[Double: TSClip]>([:])

  /// The clip of `seconds` (whole seconds up), encoded once for all the tests of a process.
  public static func shared(seconds: Double) throws -> TSClip {
    let whole = seconds.rounded(.up)
    if let made = clips.withLock({ $0[whole] }) { return made }
    let made = try encode(seconds: whole)
    clips.withLock { $0[whole] = made }
    return made
  }

  /// Whether the engine can run here, and if not, why not (the tests skip, saying so).
  public static let skipReason: String? = {
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
  public static var engineTests: ConditionTrait {
    .enabled(if: skipReason == nil, Comment(rawValue: "GStreamer engine test skipped: \(skipReason ?? "")"))
  }

  private static let ffmpeg: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin")
    .split(separator: ":").map { "\($0)/ffmpeg" }.first { FileManager.default.isExecutableFile(atPath: $0) }
}

/// A clip that could not be made.
public struct RealClipError: Error, CustomStringConvertible {
  public var description: String

  /// An error saying `description`.
  public init(description: String) { self.description = description }
}

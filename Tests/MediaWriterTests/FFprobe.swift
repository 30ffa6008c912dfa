import Foundation
import OutsideText

/// Debian's `ffprobe` and `ffmpeg` (package `ffmpeg`, installed by `ADHOST_TEST=1
/// scripts/setup.sh`): a peer that reads the written streams. A missing tool is a clear failure,
/// never a skip.
struct FFprobe {
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// One stream as ffprobe lists it.
  struct Stream: Equatable {
    let index: Int
    let type: String
    let codec: String
  }

  let probe: String
  let ffmpeg: String

  init() throws {
    let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
    func find(_ name: String) throws -> String {
      guard let found = path.map({ "\($0)/\(name)" }).first(where: FileManager.default.isExecutableFile)
      else {
        throw Failure(
          description:
            "\(name) is not installed: the stream writer's tests need it (Debian's ffmpeg: ADHOST_TEST=1 scripts/setup.sh)"
        )
      }
      return found
    }
    probe = try find("ffprobe")
    ffmpeg = try find("ffmpeg")
  }

  /// The streams and packets of `file`: each stream's type and codec, each packet's stream and
  /// PTS in seconds.
  func read(_ file: URL) throws -> (streams: [Stream], packets: [(stream: Int, time: Double?)]) {
    let output = try run(
      probe,
      [
        "-v", "error", "-of", "json", "-show_entries",
        "stream=index,codec_type,codec_name:packet=stream_index,pts_time",
        file.path,
      ])
    let json = try JSONValue.parse(output.standardOutput)
    let streams = (json["streams"]?.arrayValue ?? []).map { stream in
      Stream(
        index: Int.checked(stream["index"]?.numberValue ?? -1) ?? -1,
        type: stream["codec_type"]?.stringValue ?? "",
        codec: stream["codec_name"]?.stringValue ?? "")
    }
    let packets = (json["packets"]?.arrayValue ?? []).map { packet in
      (
        stream: Int.checked(packet["stream_index"]?.numberValue ?? -1) ?? -1,
        time: packet["pts_time"]?.stringValue.flatMap(Double.init)
      )
    }
    return (streams, packets)
  }

  /// The first video stream's picture size and duration, in seconds, as ffprobe reads them.
  func videoSizeAndDuration(_ file: URL) throws -> (width: Int, height: Int, duration: Double) {
    let output = try run(
      probe,
      [
        "-v", "error", "-of", "json", "-select_streams", "v:0", "-show_entries",
        "stream=width,height,duration", file.path,
      ])
    let json = try JSONValue.parse(output.standardOutput)
    let stream = json["streams"]?.arrayValue?.first
    return (
      Int.checked(stream?["width"]?.numberValue ?? 0) ?? 0,
      Int.checked(stream?["height"]?.numberValue ?? 0) ?? 0,
      stream?["duration"]?.stringValue.flatMap(Double.init) ?? 0
    )
  }

  /// Encodes a clip of real H.264 (libx264, an IDR picture every 2 s, B pictures) and AAC from
  /// ffmpeg's test sources: `seconds` long, MPEG-TS, into `file`.
  func encodeClip(_ file: URL, seconds: Int) throws {
    _ = try run(
      ffmpeg,
      [
        "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=320x180:rate=25", "-f", "lavfi", "-i",
        "sine=frequency=440:sample_rate=48000", "-t", "\(seconds)", "-c:v", "libx264", "-g", "50",
        "-keyint_min",
        "50", "-sc_threshold", "0", "-c:a", "aac", "-f", "mpegts", file.path,
      ])
  }

  /// What `ffmpeg` says when it decodes every stream of `file` (empty when it decodes cleanly).
  func decodeErrors(_ file: URL) throws -> String {
    try run(ffmpeg, ["-v", "error", "-i", file.path, "-f", "null", "-"]).standardError
  }

  private func run(_ executable: String, _ arguments: [String]) throws -> (
    standardOutput: String, standardError: String
  ) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // Both pipes read to their end on their own threads, so neither fills up and stalls the tool.
    let errorText = ErrorText()
    let reader = Thread { errorText.set(errors.fileHandleForReading.readDataToEndOfFile()) }
    reader.start()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let stderr = errorText.wait()
    guard process.terminationStatus == 0 else {
      throw Failure(description: "\(executable) \(arguments.joined(separator: " ")) failed: \(stderr)")
    }
    return (String(decoding: data, as: UTF8.self), stderr)
  }
}

/// Standard error's text, handed from its reader thread.
// why: an NSCondition waits for the reader thread's one hand-over; the value is only touched under it.
private final class ErrorText: @unchecked Sendable {
  private let condition = NSCondition()
  private var text: String?

  func set(_ data: Data) {
    condition.lock()
    text = String(decoding: data, as: UTF8.self)
    condition.signal()
    condition.unlock()
  }

  func wait() -> String {
    condition.lock()
    defer { condition.unlock() }
    while text == nil { condition.wait() }
    return text ?? ""
  }
}

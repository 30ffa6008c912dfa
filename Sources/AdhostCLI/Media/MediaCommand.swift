import Foundation
import MediaWriter
import OutsideText

/// `adhost media write SPEC OUT` and `adhost media serve SPEC`: test streams with in-band ad
/// signals, written to a folder or served on 127.0.0.1 (docs/media.md "Writing streams").
struct MediaCommand: Command {
  static let name = "media"
  static let summary = "write or serve a test stream with in-band ad signals"
  static let help = """
    Usage: adhost media write <spec.json> <folder>
           adhost media serve <spec.json> [--clock loads|wall] [--log FILE]

    Writes the stream a JSON spec describes: its playlist (media.m3u8) or MPD (manifest.mpd),
    its init segment (init.mp4, CMAF) and media segments (segment-N.ts, .m4s or .aac), with
    the spec's timed ID3, emsg and SCTE-35 inside the segments and its EXT-X-DATERANGEs in the
    playlist; blank H.264 video and silent AAC audio written without an encoder, or a clip of
    real H.264 and AAC (MPEG-TS, "payload": {"clip": FILE}) cut at its key frames into TS or
    CMAF segments (hls-ts, hls-cmaf, dash). The spec's members are in docs/media.md ("Writing
    streams").

    write  writes every file into the folder (created when missing) and prints their names.
    serve  serves the stream on 127.0.0.1 at a free port, prints PORT=<port> and an empty line
           (the form a scenario's "setup" reads), and serves until stopped (SIGINT, SIGTERM).
           With the spec's "live": {"window": N} each playlist or MPD lists N segments, the
           window moving on by one segment per load (--clock loads) or per segment duration
           of the wall clock (--clock wall); the last window ends the stream. A live DASH MPD
           is dynamic, its availabilityStartTime 2026-01-01T00:00:00Z (--clock loads) or the
           start of serving less the first window's length (--clock wall).

    Options:
    \(options.help)

    Exit codes: 0 written (or served until stopped); 64 bad usage, a spec that cannot be read
    or asks for the impossible (the error names its JSON path and why); 74 a file not written.
    """

  static let clock = CommandOption(
    "--clock", value: "loads|wall",
    help: """
      serve: what moves a live window on: each load of the playlist or MPD
      (loads, the default: for virtual-time runs) or the wall clock (wall)
      """)
  static let log = CommandOption(
    "--log", value: "FILE",
    help: """
      serve: write each request as one JSON line to FILE (default: standard
      error): {"seconds":…,"method":…,"path":…,"status":…,"bytes":…}, with
      "segments":[first,last] for a live window
      """)

  static let options = OptionList([clock, log, .help])

  static func run(_ arguments: [String], console: Console) async throws -> Int32 {
    let parsed = try ParsedArguments(arguments, spec: options.spec)
    guard let action = parsed.positionals.first, action == "write" || action == "serve" else {
      throw UsageError("expected 'write' or 'serve' after 'media'")
    }
    if action == "write" {
      try parsed.expectPositionals(3...3, "write, a spec file and a folder")
      guard !parsed.has(clock), !parsed.has(log) else {
        throw UsageError("\(clock.name) and \(log.name) are options of 'media serve'")
      }
      let stream = try readStream(parsed.positionals[1])
      return write(stream, to: parsed.positionals[2], console: console)
    }
    try parsed.expectPositionals(2...2, "serve and a spec file")
    let mode = parsed.value(clock) ?? "loads"
    guard let serverClock = MediaServer.Clock(rawValue: mode) else {
      throw clock.error("expected loads or wall")
    }
    let stream = try readStream(parsed.positionals[1])
    return try serve(stream, clock: serverClock, logPath: parsed.value(log), console: console)
  }

  /// The stream of the spec in `path`, with its clip (a path from the spec's folder); an error
  /// naming the file and the JSON path.
  static func readStream(_ path: String) throws(UsageError) -> MediaStream {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw UsageError("cannot read \(path)")
    }
    let spec: MediaSpec
    do {
      spec = try MediaSpec.read(String(decoding: data, as: UTF8.self))
    } catch {
      throw UsageError("\(path): \(error.description)")
    }
    guard case .clip(let file) = spec.payload else { return MediaStream(spec) }
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    let clipPath = file.hasPrefix("/") ? file : folder.appendingPathComponent(file).path
    guard let bytes = FileManager.default.contents(atPath: clipPath) else {
      throw UsageError("\(path): payload.clip: cannot read \(clipPath)")
    }
    let clip: TSClip
    do {
      clip = try TSClip([UInt8](bytes))
    } catch {
      throw UsageError("\(path): payload.clip: \(clipPath): \(error.description)")
    }
    guard clip.duration + 0.001 >= spec.duration else {
      throw UsageError(
        "\(path): payload.clip: \(clipPath) lasts \(clip.duration) s, less than the stream's \(spec.duration) s"
      )
    }
    return MediaStream(spec, clip: clip)
  }

  private static func write(_ stream: MediaStream, to folder: String, console: Console) -> Int32 {
    do {
      for url in try stream.write(to: URL(fileURLWithPath: folder)) { console.print(url.path) }
      return ExitCode.success
    } catch {
      console.printError("adhost media: cannot write into \(folder): \(error.localizedDescription)")
      return ExitCode.outputNotSaved
    }
  }

  private static func serve(
    _ stream: MediaStream, clock: MediaServer.Clock, logPath: String?, console: Console
  )
    throws -> Int32
  {
    let sink: FileHandle
    if let logPath {
      do {
        sink = try UserFile.openForWriting(logPath)
      } catch {
        let reason = WritePath.reason(file: logPath, error)
        console.printError("adhost media: cannot write the log \(logPath): \(reason)")
        return ExitCode.outputNotSaved
      }
    } else {
      sink = FileHandle.standardError
    }
    let server = try MediaServer(stream: stream, clock: clock) { line in sink.write(Data((line + "\n").utf8))
    }
    console.print("PORT=\(server.port)\n")
    console.flush()
    // Served on the server's threads until a signal ends the process by its default action.
    while true { sleep(3600) }
  }
}

import Foundation
import HTTPKit
import LoopbackHTTP
import MediaWriter

/// The long-stream half of `adhost-bench media` (issue 37): one hour and 24 hours of six-second
/// TS segments with one ID3 tag each, recorded once from a loopback server, then replayed
/// offline by `adhost run` processes (a plugin listening to the cues, default budgets and
/// buffers): the CPU time of each (medians of 5 and 3 alternating rounds) and their ratio
/// (linear: 24; target ≤ 30), and the 24-hour replays' largest peak RSS (target ≤ 128 MB: the 64 MiB plugin
/// budget + 64 MB). `adhost` must be beside `adhost-bench`.
enum LongStreamBench {
  static let segmentSeconds = 6
  static let hourSegments = 600
  static let daySegments = 14_400

  static func run() throws -> [(key: String, value: BenchValue)] {
    let adhost = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("adhost")
    guard FileManager.default.isExecutableFile(atPath: adhost.path) else {
      throw MediaBench.BenchError(
        description: "\(adhost.path) not found: build it first (swift build -c release)")
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "adhost-bench-long-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let plugin = folder.appendingPathComponent("plugin.lua")
    try Data(pluginText.utf8).write(to: plugin)
    let hour = try record(segments: hourSegments, into: folder.appendingPathComponent("1h"))
    let day = try record(segments: daySegments, into: folder.appendingPathComponent("24h"))
    _ = try replay(adhost, plugin: plugin, hour)
    // Alternating rounds, so that both see the same machine; medians.
    var hourRuns: [(cpu: Double, peakRSSMegabytes: Double)] = []
    var dayRuns: [(cpu: Double, peakRSSMegabytes: Double)] = []
    for round in 0..<5 {
      hourRuns.append(try replay(adhost, plugin: plugin, hour))
      if round % 2 == 0 { dayRuns.append(try replay(adhost, plugin: plugin, day)) }
    }
    let hourMedian = hourRuns.map(\.cpu).sorted()[2]
    let dayMedian = dayRuns.map(\.cpu).sorted()[1]
    let dayPeak = dayRuns.map(\.peakRSSMegabytes).max() ?? 0
    return [
      ("segments_1h", .integer(hourSegments)), ("segments_24h", .integer(daySegments)),
      ("segments_cpu_s_1h", .number(hourMedian)), ("segments_cpu_s_24h", .number(dayMedian)),
      ("segments_cpu_ratio_24h_1h", .number(dayMedian / hourMedian)),
      ("peak_rss_mb_24h", .number(dayPeak)),
    ]
  }

  /// A stream of `segments` recorded into `folder`, and its source file.
  struct Stream {
    let segments: Int
    let folder: URL
    let source: URL
  }

  /// Serves the stream from a loopback server and records one playlist-and-segments run of it.
  private static func record(segments count: Int, into folder: URL) throws -> Stream {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.route("/live.m3u8") { _ in LoopbackResponse(body: Data(playlist(count))) }
    // One handler for every segment, each written when asked for.
    server.fallback { request in
      let name = request.path.dropFirst(2).dropLast(3)
      guard request.path.hasPrefix("/s"), request.path.hasSuffix(".ts"), let index = Int(name), index < count
      else {
        return .notFound
      }
      return LoopbackResponse(body: Data(segment(index)))
    }
    let url = server.url("/live.m3u8").absoluteString
    let recorder = try RecordingTransport(folder: folder, startDate: startDate)
    _ = try VODBench.play(
      url, transport: recorder, segments: true, until: Double(count * segmentSeconds + 60))
    recorder.finish()
    if let problem = recorder.saveError { throw MediaBench.BenchError(description: problem) }
    let source = folder.appendingPathComponent("source.json")
    let text =
      #"{"sources": {"src": "\#(url)", "type": "application/x-mpegurl", "ssai": {"integration": "bench"}}}"#
    try Data(text.utf8).write(to: source)
    return Stream(segments: count, folder: folder, source: source)
  }

  /// One `adhost run` of the stream's recording: its CPU seconds and peak RSS (`ChildUsage`),
  /// checked to have played every segment's cue.
  private static func replay(_ adhost: URL, plugin: URL, _ stream: Stream) throws
    -> (cpu: Double, peakRSSMegabytes: Double)
  {
    let output = stream.folder.appendingPathComponent("out.txt")
    let outcome = try ChildUsage.measure(
      adhost, ["run", plugin.path, stream.source.path, "--offline", stream.folder.path], output: output)
    let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
    guard outcome.status == 0, text.contains("bench: \(stream.segments) cues") else {
      throw MediaBench.BenchError(
        description: "adhost run of \(stream.segments) segments: status \(outcome.status), "
          + text.split(separator: "\n").suffix(5).joined(separator: "\n"))
    }
    return (outcome.cpuSeconds, Double(outcome.peakRSSKilobytes) / 1024)
  }

  /// The plugin: counts the cues that fire and says so at the end.
  private static let pluginText = """
    player.ads:registerServerSideIntegration("bench", function()
      local fired = 0
      player:addEventListener("cue", function() fired = fired + 1 end)
      player:addEventListener("ended", function() log.info("bench: " .. fired .. " cues") end)
      return {}
    end)
    """

  /// The media playlist: `count` segments of `segmentSeconds`.
  static func playlist(_ count: Int) -> [UInt8] {
    var text = "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:\(segmentSeconds)\n"
    text += "#EXT-X-MEDIA-SEQUENCE:0\n#EXT-X-PLAYLIST-TYPE:VOD\n"
    for index in 0..<count { text += "#EXTINF:\(segmentSeconds).000,\ns\(index).ts\n" }
    return Array((text + "#EXT-X-ENDLIST\n").utf8)
  }

  /// Segment `index`: a video stream over its six seconds and one ID3 tag at its start.
  static func segment(_ index: Int) -> [UInt8] {
    let start = UInt64(truncatingIfNeeded: 900_000 + index * segmentSeconds * 90_000) % (1 << 33)
    var writer = TSWriter()
    writer.video(pts: start)
    var tag = ID3Writer(version: 4)
    tag.userText(description: "google_ids", "google_\(index)")
    writer.id3(pts: start, tag.bytes())
    writer.video(pts: (start + UInt64(truncatingIfNeeded: segmentSeconds * 90_000) - 3600) % (1 << 33))
    return writer.bytes
  }

  private static let startDate = Date(timeIntervalSince1970: 1_800_000_000)
}

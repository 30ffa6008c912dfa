import AdPlayer
import Foundation
import HTTPKit
import LoopbackHTTP
import MediaWriter
import PlaybackEngine
import PlayerSeam

/// The second half of `adhost-bench media`: a 10-minute HLS VOD (100 six-second 2.5 Mb/s TS
/// segments, an ID3 tag each second) recorded once from a loopback server, then replayed from the
/// recording in this process — a headless player and its `PlaybackEngine`, no plugin — with its
/// segments and playlist-only (`--no-segments`). The process CPU time of each replay, medians of
/// 5 alternating rounds, and their ratio (target ≤ 3).
enum VODBench {
  static let segmentCount = 100
  static let segmentSeconds = 6
  static let rounds = 5

  static func run() throws -> [(key: String, value: BenchValue)] {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "adhost-bench-vod-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = try record(into: folder)
    let recordingBytes = try folderBytes(folder)
    // One of each first, unmeasured; then alternate so that both see the same machine.
    _ = try replay(url, from: folder, segments: true)
    _ = try replay(url, from: folder, segments: false)
    var withSegments: [Double] = []
    var playlistOnly: [Double] = []
    for _ in 0..<rounds {
      withSegments.append(try replay(url, from: folder, segments: true))
      playlistOnly.append(try replay(url, from: folder, segments: false))
    }
    let segmentsCPU = median(withSegments)
    let playlistCPU = median(playlistOnly)
    return [
      ("vod_segments", .integer(segmentCount)), ("vod_recording_bytes", .integer(recordingBytes)),
      ("vod_segments_cpu_s", .number(segmentsCPU)), ("vod_playlist_cpu_s", .number(playlistCPU)),
      ("vod_ratio", .number(segmentsCPU / playlistCPU)),
    ]
  }

  /// Serves the stream from a loopback server and records one playlist-and-segments run of it
  /// into `folder` (segments trimmed, as `--record` keeps them); the playlist's URL.
  private static func record(into folder: URL) throws -> String {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.route("/vod.m3u8") { _ in LoopbackResponse(body: Data(playlist())) }
    for index in 0..<segmentCount {
      // Each segment is written when asked for, so that the 200 MB are never all in memory.
      server.route("/s\(index).ts") { _ in LoopbackResponse(body: Data(segment(index))) }
    }
    server.fallback { _ in .notFound }
    let recorder = try RecordingTransport(folder: folder, startDate: startDate)
    let log = try play(server.url("/vod.m3u8").absoluteString, transport: recorder, segments: true)
    recorder.finish()
    if let problem = recorder.saveError { throw MediaBench.BenchError(description: problem) }
    try check(log, segments: true, "the recording run")
    return server.url("/vod.m3u8").absoluteString
  }

  /// The process CPU seconds of one offline replay of the recording, checked to have played it.
  private static func replay(_ url: String, from folder: URL, segments: Bool) throws -> Double {
    let start = processCPUSeconds()
    let offline = try OfflineTransport(folder: folder)
    let log = try play(url, transport: offline, segments: segments)
    let seconds = processCPUSeconds() - start
    guard offline.unmatched.isEmpty else {
      throw MediaBench.BenchError(description: "the replay missed \(offline.unmatched.count) requests")
    }
    try check(log, segments: segments, segments ? "the replay with segments" : "the playlist-only replay")
    return seconds
  }

  /// Plays `url` to its end (at most `until` seconds, else the VOD's length and a minute) on a new
  /// headless player; its log.
  static func play(_ url: String, transport: any HTTPTransport, segments: Bool, until: Double? = nil) throws
    -> EventLog
  {
    let loop = HostLoop()
    let log = EventLog()
    let player = Player(loop: loop, log: log)
    var options = PlaybackEngineOptions(http: HTTPClient(transport: transport))
    options.segments = segments ? SegmentOptions() : nil
    options.startDate = startDate
    let engine = try PlaybackEngine(player: player, options: options)
    player.autoplay = true
    player.setSource(try SourceDescription(jsonText: #"{"sources": {"src": "\#(url)"}}"#))
    loop.run(until: until ?? Double(segmentCount * segmentSeconds + 60))
    withExtendedLifetime(engine) {}
    return log
  }

  /// Throws unless the run played to the end and, with segments, loaded each and read its tags.
  private static func check(_ log: EventLog, segments: Bool, _ what: String) throws {
    let count = { (kind: LogKind) in log.entries.lazy.filter { $0.kind == kind }.count }
    let ended = log.entries.first { $0.kind == .ended }.map { Double($0.micros) / 1e6 }
    let expected = (segments ? segmentCount : 0, Double(segmentCount * segmentSeconds))
    guard count(.segment) == expected.0, count(.segmenterror) == 0, ended == expected.1 else {
      throw MediaBench.BenchError(
        description: "\(what): \(count(.segment)) segments, \(count(.segmenterror)) segment errors, "
          + "ended at \(ended.map { "\($0) s" } ?? "never"); expected \(expected.0) segments ending at "
          + "\(expected.1) s")
    }
  }

  /// The media playlist: `segmentCount` segments of `segmentSeconds`.
  static func playlist() -> [UInt8] {
    var text = "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:\(segmentSeconds)\n"
    text += "#EXT-X-MEDIA-SEQUENCE:0\n#EXT-X-PLAYLIST-TYPE:VOD\n"
    for index in 0..<segmentCount { text += "#EXTINF:\(segmentSeconds).000,\ns\(index).ts\n" }
    return Array((text + "#EXT-X-ENDLIST\n").utf8)
  }

  /// Segment `index`: as `MediaBench.tsSegment`, its timestamps `index` segments later.
  static func segment(_ index: Int) -> [UInt8] {
    MediaBench.tsSegment(start: 900_000 + index * segmentSeconds * 90_000, label: index)
  }

  private static let startDate = Date(timeIntervalSince1970: 1_800_000_000)

  private static func folderBytes(_ folder: URL) throws -> Int {
    let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.fileSizeKey])
    var total = 0
    while let file = files?.nextObject() as? URL {
      total += try file.resourceValues(forKeys: [.fileSizeKey]).fileSize ?? 0
    }
    return total
  }

  private static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

  /// CPU seconds this process has used, in all its threads.
  private static func processCPUSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }
}

import AdPlayer
import Foundation
import HTTPKit
import LoopbackHTTP
import MediaWriter
import PlaybackEngine
import PlayerSeam

/// A headless player with a playback engine loading segments from a loopback server that serves
/// `files` by path (with `Range` requests answered 206), and the events it dispatched.
final class StreamHarness {
  let server: LoopbackServer
  let loop = HostLoop()
  let log = EventLog()
  let player: Player
  private(set) var engine: PlaybackEngine?
  /// The `addcue` cues and `loadedmetadata` counts dispatched to listeners.
  private(set) var addedCues: [Cue] = []
  private(set) var metadataLoads = 0

  init(
    files: [String: [UInt8]], faults: FaultPlan? = nil, segments: SegmentOptions? = SegmentOptions(),
    transport: any HTTPTransport = URLSessionTransport.shared, defaultTimeline: ContentTimeline = .live
  ) throws {
    server = try LoopbackServer()
    for (path, bytes) in files {
      server.route(path) { request in Self.answer(bytes, range: request.header("Range")) }
    }
    server.fallback { _ in .notFound }
    player = Player(loop: loop, log: log)
    var options = PlaybackEngineOptions(
      http: HTTPClient(transport: transport))
    options.faults = faults
    options.segments = segments
    options.defaultTimeline = defaultTimeline
    options.startDate = Date(timeIntervalSince1970: 1_800_000_000)
    engine = try PlaybackEngine(player: player, options: options)
    player.addEventListener(.addcue) { [unowned self] event in
      if let cue = event.cue { self.addedCues.append(cue) }
    }
    player.addEventListener(.loadedmetadata) { [unowned self] _ in self.metadataLoads += 1 }
  }

  deinit { server.stop() }

  /// Plays `path` (a playlist) from the start until `seconds` of virtual time, or its end.
  @discardableResult
  func play(_ path: String, until seconds: Double = 600, then: ((Player) -> Void)? = nil) throws
    -> LoopOutcome
  {
    player.autoplay = true
    player.setSource(
      try SourceDescription(jsonText: #"{"sources": {"src": "\#(server.url(path).absoluteString)"}}"#))
    return loop.run(until: seconds)
  }

  /// The log entries of `type`.
  func entries(_ kind: LogKind) -> [LogEntry] { log.entries.filter { $0.kind == kind } }

  /// The in-band cues of `kind` the player holds.
  func cues(_ kind: String) -> [Cue] { player.cues.filter { $0.kind == kind } }

  private static func answer(_ bytes: [UInt8], range: String?) -> LoopbackResponse {
    guard let range, range.hasPrefix("bytes=") else { return LoopbackResponse(body: Data(bytes)) }
    let bounds = range.dropFirst(6).split(separator: "-").compactMap { Int($0) }
    guard bounds.count == 2, bounds[0] <= bounds[1], bounds[1] < bytes.count else {
      return LoopbackResponse(status: 416)
    }
    return LoopbackResponse(
      status: 206, headers: [("Content-Range", "bytes \(bounds[0])-\(bounds[1])/\(bytes.count)")],
      body: Data(bytes[bounds[0]...bounds[1]]))
  }
}

/// Segments and playlists for the tests: MPEG-TS segments with a video stream from `start` for
/// `duration` seconds (90 kHz timestamps from `base`) and timed ID3 or SCTE-35 inside.
enum Stream {
  static func ticks(_ seconds: Double) -> UInt64 { UInt64((seconds * 90_000).rounded()) % (1 << 33) }

  /// A TS segment whose video runs from `start` for `duration` media seconds, with `id3` tags
  /// (media time, tag) and SCTE-35 sections.
  static func ts(start: Double, duration: Double, id3: [(Double, [UInt8])] = [], scte35: [[UInt8]] = [])
    -> [UInt8]
  {
    var writer = TSWriter()
    writer.video(pts: ticks(start))
    for (time, tag) in id3 { writer.id3(pts: ticks(time), tag) }
    for section in scte35 { writer.scte35(section) }
    writer.video(pts: ticks(start + duration - 0.04))
    return writer.bytes
  }

  /// An ID3 tag with one `TXXX` frame.
  static func txxx(_ value: String, description: String = "google") -> [UInt8] {
    var tag = ID3Writer()
    tag.userText(description: description, value)
    return tag.bytes()
  }

  /// A media playlist of `segments` (URI, duration; `#` lines given as they are).
  static func playlist(_ lines: [String], target: Int = 6, sequence: Int = 0, ended: Bool = true) -> [UInt8] {
    var text =
      "#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-TARGETDURATION:\(target)\n#EXT-X-MEDIA-SEQUENCE:\(sequence)\n"
    text += lines.joined(separator: "\n") + "\n"
    if ended { text += "#EXT-X-ENDLIST\n" }
    return Array(text.utf8)
  }

  /// A VOD of `count` six-second segments (`/s<n>.ts`, playlist `/media.m3u8`), each with one
  /// ID3 tag 1 s into it (text `s<n>`).
  static func vod(count: Int) -> [String: [UInt8]] {
    var files: [String: [UInt8]] = [:]
    for index in 0..<count {
      let start = 10 + Double(index) * 6
      files["/s\(index).ts"] = ts(start: start, duration: 6, id3: [(start + 1, txxx("s\(index)"))])
    }
    files["/media.m3u8"] = playlist(entries((0..<count).map { "s\($0).ts" }))
    return files
  }

  /// `#EXTINF` and URI lines for segments of `duration` seconds.
  static func entries(_ names: [String], duration: Double = 6) -> [String] {
    names.flatMap { ["#EXTINF:\(duration),", $0] }
  }
}

import AdPlayer
import Foundation
import HTTPKit
import HTTPTestSupport
import HeadlessHost
import LoopbackHTTP
import PlaybackEngine
import PlayerSeam
import PluginHost
import TestFiles
import Testing

/// `plugins/dai.lua` against a Google DAI VOD stream served on 127.0.0.1 whose media ids exist
/// only as timed ID3 inside its TS segments: every id is pinged exactly once, at its tag's
/// virtual time, live and replayed from the recording of that run, as a beacon of the ad at that
/// time named after the ad's event there (issue 41).
@Suite struct DAIVerificationTests {
  static let plugin = repositoryRoot.appendingPathComponent("plugins/dai.lua").path

  /// A pre-roll of one 6 s ad and a mid-roll of two ads (12–24 s) in 30 s of stream.
  static let tags: [DAIServer.Tag] = [
    .init(id: "google_pre1_start", time: 0), .init(id: "google_pre1_fq", time: 1.5),
    .init(id: "google_pre1_mid", time: 3), .init(id: "google_pre1_tq", time: 4.5),
    .init(id: "google_pre1_end", time: 5.96), .init(id: "google_mid1_start", time: 12),
    .init(id: "google_mid1_mid", time: 15), .init(id: "google_mid2_start", time: 18.25),
    .init(id: "google_mid2_mid", time: 21.125), .init(id: "google_mid2_end", time: 23.9),
  ]

  static let adBreaks = """
    [{"type": "pre", "start": 0, "duration": 6, "ads": [{"seq": 1, "duration": 6, "ad_id": "pre1",
      "title": "Pre", "events": [{"time": 0, "type": "start"}, {"time": 3, "type": "midpoint"}]}]},
     {"type": "mid", "start": 12, "duration": 12, "ads": [
      {"seq": 1, "duration": 6, "ad_id": "mid1", "events": [{"time": 12, "type": "start"}]},
      {"seq": 2, "duration": 6, "ad_id": "mid2", "events": [{"time": 18, "type": "start"}]}]}]
    """

  /// Plays the stream through (a recording of it into `record`, or offline from `replay`);
  /// returns the pings the player logged as requests, as `(id, virtual seconds)` and the ad begins.
  static func play(_ server: DAIServer?, record: URL? = nil, replay: URL? = nil, base: String) throws
    -> (pings: [(String, Double)], begins: [String], errors: [String], beacons: [String])
  {
    let transport: any HTTPTransport
    var recorder: RecordingTransport?
    if let replay {
      transport = try OfflineTransport(folder: replay)
    } else {
      let made = try RecordingTransport(folder: record ?? FileManager.default.temporaryDirectory)
      recorder = made
      transport = made
    }
    var options = PluginHostOptions(http: HTTPClient(transport: transport))
    options.engine.segments = SegmentOptions()
    options.engine.logsRequests = true
    options.diagnostics = { _ in }
    let host = try HeadlessHost(options: options)
    try host.loadPlugin(at: plugin)
    let source = try SourceDescription(
      jsonText: """
        {"sources": [{"src": "https://dai.invalid/unused.m3u8", "type": "application/x-mpegurl", "ssai": {"integration": "google-dai",
          "availabilityType": "vod", "contentSourceID": "cms-1", "videoID": "video-1",
          "apiKey": "key-1", "baseUrl": "\(base)"}}]}
        """)
    host.player.autoplay = true
    host.player.setSource(source)
    _ = host.player.run(until: 60)
    recorder?.finish()
    let entries = host.player.log.entries
    let marker = "/view/p/service/vod/stream/s-1/media/"
    let pings = entries.compactMap { entry -> (String, Double)? in
      guard entry.kind == .request, let address = entry.fields["url"]?.stringValue,
        let range = address.range(of: marker)
      else { return nil }
      return (String(address[range.upperBound...]), Double(entry.micros) / 1_000_000)
    }
    let begins = entries.filter { $0.kind == .adbegin }.map {
      "\($0.adId ?? "?")@\(Double($0.micros) / 1_000_000)"
    }
    let errors = entries.filter { $0.kind == .aderror || $0.kind == .error }.map { "\($0.fields)" }
    let beacons = entries.filter { $0.kind == .beacon }.map { entry in
      let id = entry.fields["url"]?.stringValue?.components(separatedBy: marker).last ?? "?"
      return "\(id) \(entry.fields["event"]?.stringValue ?? "?")@\(entry.adId ?? "-")"
    }
    return (pings, begins, errors, beacons)
  }

  @Test func everyMediaIdIsPingedOnceAtItsTagsTimeLiveAndFromTheRecording() async throws {
    let scratch = try Scratch()
    let folder = scratch.folder.appendingPathComponent("recording")
    let (live, pingsAtServer, base) = try await onOwnThread { () throws -> (Played, [String], String) in
      let server = try DAIServer(segments: 5, tags: Self.tags, adBreaks: Self.adBreaks)
      let played = Played(try Self.play(server, record: folder, base: server.baseURL))
      return (played, server.pings, server.baseURL)
    }
    let expected = Self.tags.map { "\($0.id)@\($0.time)" }
    #expect(live.pings == expected)
    #expect(pingsAtServer == Self.tags.map(\.id))
    #expect(live.begins == ["pre1@0.0", "mid1@12.0", "mid2@18.0"])
    #expect(live.errors.isEmpty, "\(live.errors)")
    // Each ping a beacon of the ad its id sits in, named after that ad's event at the id's time
    // (none within 1 s: mediaVerification).
    #expect(
      live.beacons == [
        "google_pre1_start start@pre1", "google_pre1_fq mediaVerification@pre1",
        "google_pre1_mid midpoint@pre1", "google_pre1_tq mediaVerification@pre1",
        "google_pre1_end mediaVerification@pre1", "google_mid1_start start@mid1",
        "google_mid1_mid mediaVerification@mid1", "google_mid2_start start@mid2",
        "google_mid2_mid mediaVerification@mid2", "google_mid2_end mediaVerification@mid2",
      ], "\(live.beacons)")
    // The server is gone: the replay answers from the recording alone.
    let replayed = try await onOwnThread {
      Played(try Self.play(nil, replay: folder, base: base))
    }
    #expect(replayed.pings == expected)
    #expect(replayed.begins == live.begins)
    #expect(replayed.beacons == live.beacons)
  }
}

/// What a play-through showed, as text (Sendable across the test's threads).
struct Played: Sendable {
  let pings: [String]
  let begins: [String]
  let errors: [String]
  let beacons: [String]

  init(_ played: (pings: [(String, Double)], begins: [String], errors: [String], beacons: [String])) {
    pings = played.pings.map { "\($0.0)@\(($0.1 * 1000).rounded() / 1000)" }
    begins = played.begins
    errors = played.errors
    beacons = played.beacons
  }
}

import Foundation
import GStreamerEngine
import HTTPKit
import LoopbackHTTP
import PlayerSeam
import RealMedia
import TestFiles
import Testing

/// Every shipped plugin on every player (issue 40): each plugin's stream, made of real media by
/// MediaWriter's clip payload and served on 127.0.0.1, plays on the headless player and on the
/// GStreamer player in the fast mode with the same breaks, ads and cues, and the same beacons
/// (by URL) within 0.5 s of content time. The in-memory test double's half is
/// `PluginOnBothPlayersTests` (PlayerSeamTests).
@Suite(.serialized, RealClip.engineTests) struct EveryPlayerTests {
  /// Beacons, cues and ad events of both players agree within this many seconds of content time.
  static let tolerance = 0.5

  /// Both players' runs of `plugin` (a path from the repository's root) on `source`, each with a
  /// server of its own from `serve`.
  static func playBoth(
    plugin: String, speed: GStreamerEngineOptions.Speed = .fast, until limit: Double = 120,
    serve: () throws -> any ServedSource
  ) throws -> (engine: PlayerRun, headless: PlayerRun) {
    let path = repositoryRoot.appendingPathComponent(plugin).path
    let forEngine = try serve()
    let engine = try PlayerRun.onEngine(
      plugin: path, source: forEngine.sourceJSON, speed: speed, until: limit)
    let forHeadless = try serve()
    let headless = try PlayerRun.headless(plugin: path, source: forHeadless.sourceJSON, until: limit)
    return (engine, headless)
  }

  /// The same ads and breaks, and each beacon URL sent as often and within the tolerance. The
  /// breaks' offsets are the same, or within `breakTolerance` (a break placed where a real-time
  /// engine's playhead was when its timer fired).
  static func expectSameAds(_ engine: PlayerRun, _ headless: PlayerRun, breakTolerance: Double = 0) {
    #expect(engine.ads == headless.ads)
    #expect(engine.begins == headless.begins)
    let breaks = { (run: PlayerRun) in run.of(.adbreakbegin).compactMap(\.adBreakTimeOffset) }
    if breakTolerance == 0 {
      #expect(breaks(engine) == breaks(headless))
    } else {
      #expect(breaks(engine).count == breaks(headless).count)
      for (seen, wanted) in zip(breaks(engine), breaks(headless)) {
        #expect(abs(seen - wanted) <= breakTolerance, "a break at \(seen) vs \(wanted)")
      }
    }
    let byURL = { (run: PlayerRun) in Dictionary(grouping: run.beacons, by: \.url) }
    let (engineBeacons, headlessBeacons) = (byURL(engine), byURL(headless))
    #expect(engineBeacons.keys.sorted() == headlessBeacons.keys.sorted())
    for (url, sent) in headlessBeacons {
      let times = (engineBeacons[url] ?? []).map(\.contentTime)
      #expect(
        times.count == sent.count, "\(url): \(times) on the engine, \(sent.map(\.contentTime)) headless")
      for (engineTime, headlessTime) in zip(times, sent.map(\.contentTime)) {
        #expect(abs(engineTime - headlessTime) <= tolerance, "\(url): \(engineTime) vs \(headlessTime)")
      }
    }
  }

  /// Each `cue` entry but SCTE-35's as what the cue says (kind and attributes, but the engine's
  /// `timedBy`, which says which side timed it) and the time it fired at. SCTE-35 is left out:
  /// the engine times its sections itself (tsdemux), the headless player reads them from the bytes.
  static func cues(_ run: PlayerRun) -> [(what: String, time: Double)] {
    run.of(.cue).compactMap { entry in
      guard case .object(let cue) = entry.fields["cue"], cue["kind"]?.stringValue != "scte35",
        let time = entry.fields["currentTime"]?.numberValue
      else { return nil }
      var attributes = cue["attributes"]?.objectValue ?? JSONObject()
      attributes["timedBy"] = nil
      return ("\(cue["kind"]?.stringValue ?? "?") \(JSONValue.object(attributes).jsonText)", time)
    }
  }

  /// The same cues before `end`, each within the tolerance.
  static func expectSameCues(_ engine: PlayerRun, _ headless: PlayerRun, before end: Double = .infinity) {
    let (seen, expected) = (cues(engine), cues(headless).filter { $0.time < end })
    #expect(seen.map(\.what) == expected.map(\.what))
    for (cue, wanted) in zip(seen, expected) where cue.what == wanted.what {
      #expect(abs(cue.time - wanted.time) <= tolerance, "\(cue.what): \(cue.time) vs \(wanted.time)")
    }
  }

  @Test func daiVOD() throws {
    let (engine, headless) = try Self.playBoth(plugin: "plugins/dai.lua") { try RealDAIServer() }
    #expect(engine.ending.hasPrefix("ended"), "\(engine.ending)")
    #expect(engine.ads == ["pre1", "mid1"])
    #expect(engine.beacons.count == RealDAIServer.tags.count, "\(engine.beacons)")
    Self.expectSameAds(engine, headless)
  }

  /// Live in CMAF, the ids in `emsg` ID3 boxes, which the engine's host reads from the fMP4
  /// segments the engine fetched: the engine decodes the real media (its video sink renders it to
  /// the end), and both players give the same cues and beacons. (Live timed ID3 in MPEG-TS on
  /// both players: `inbandLiveAcrossThePTSWrap`.)
  @Test func daiLive() throws {
    let (engine, headless) = try Self.playBoth(plugin: "plugins/dai.lua", until: 60) {
      try RealDAILiveServer()
    }
    #expect(engine.begins == ["live1"], "\(engine.ending)")
    #expect(engine.beacons.count == RealDAILiveServer.tags.count, "\(engine.beacons)")
    #expect(engine.of(.error).isEmpty, "\(engine.of(.error).map(\.jsonLine))")
    // The engine decoded the media to the live stream's end (its video sink rendered pictures).
    #expect(engine.ending.hasPrefix("ended"), "\(engine.ending)")
    let playhead = engine.of(.timeupdate).compactMap { $0.fields["currentTime"]?.numberValue }.last ?? 0
    #expect(playhead >= RealDAILiveServer.seconds - 2.5, "the engine's last playhead: \(playhead)")
    #expect((engine.of(.frames).last?.fields["rendered"]?.numberValue ?? 0) > 0)
    #expect(Self.cues(headless).count == RealDAILiveServer.tags.count)
    Self.expectSameCues(engine, headless)
    Self.expectSameAds(engine, headless)
  }

  @Test func uplynkVOD() throws {
    let (engine, headless) = try Self.playBoth(plugin: "plugins/uplynk.lua") { try StitchedServer(.uplynk) }
    #expect(engine.ending.hasPrefix("ended"), "\(engine.ending)")
    #expect(engine.begins == StitchedServer.ads.map(\.id))
    Self.expectSameAds(engine, headless)
  }

  @Test func mediaTailorVOD() throws {
    let (engine, headless) = try Self.playBoth(plugin: "plugins/mediatailor.lua") {
      try StitchedServer(.mediaTailor)
    }
    #expect(engine.ending.hasPrefix("ended"), "\(engine.ending)")
    #expect(engine.begins == StitchedServer.ads.map(\.id))
    Self.expectSameAds(engine, headless)
  }

  /// `examples/inband/ts`: timed ID3 (v2.4 and v2.3, a PRIV frame) in real media.
  @Test func inbandTS() throws {
    let (engine, headless) = try Self.playBoth(plugin: "examples/inband/plugin.lua") {
      try InbandServer(example: "ts")
    }
    #expect(Self.cues(headless).count == 4)
    Self.expectSameCues(engine, headless)
    #expect(engine.of(.error).isEmpty, "\(engine.of(.error).map(\.jsonLine))")
  }

  /// `examples/inband/live`: a sliding window whose timestamps cross the 33-bit PTS wrap 9 s in;
  /// the cues after the wrap fire at the headless player's times. The window's last load ends
  /// the stream (`EXT-X-ENDLIST`, media sequence 3): GStreamer 1.22's hlsdemux2 times a playlist
  /// with `EXT-X-ENDLIST` from 0 at its first segment even after it synchronised it with the
  /// live one before (its log: "Using same URI/DSN/SN match", then segment 5 at stream time
  /// 12 s, not 30 s), so it finds no segment at 30 s and ends there, without the last one.
  @Test func inbandLiveAcrossThePTSWrap() throws {
    let (engine, headless) = try Self.playBoth(plugin: "examples/inband/plugin.lua", until: 60) {
      try InbandServer(example: "live")
    }
    let ended = try #require(engine.of(.ended).first?.fields["currentTime"]?.numberValue, "\(engine.ending)")
    // Every cue before where the engine ended matches; the ten of the first five segments at least.
    #expect(Self.cues(engine).count >= 10)
    Self.expectSameCues(engine, headless, before: ended)
    let version = try Self.gstreamerVersion()
    #expect(ended >= (version.hasPrefix("GStreamer 1.22.") ? 29.5 : 35.5), "\(version): ended at \(ended)")
  }

  /// The GStreamer version the engine's helper runs ("GStreamer 1.22.0").
  static func gstreamerVersion() throws -> String {
    let engine = try GStreamerEngine(
      options: GStreamerEngineOptions(http: HTTPClient(policy: TransportPolicy())))
    defer { engine.destroy() }
    while let event = engine.next(before: Date(timeIntervalSinceNow: 10)) {
      if case .ready(let version) = event { return version }
    }
    throw RealClipError(description: "the GStreamer helper reported no version")
  }
}

/// A server of a stream and what a source for it says.
protocol ServedSource: AnyObject {
  /// The SourceDescription's JSON.
  var sourceJSON: String { get }
}

extension RealDAIServer: ServedSource {}

/// An `examples/inband` stream's spec (`stream.json`) of real media on 127.0.0.1, with the
/// example's plugin.
final class InbandServer: ServedSource, Sendable {
  let server: LoopbackServer
  let playlist: String

  init(example folder: String) throws {
    let spec = try String(
      contentsOf: repositoryRoot.appendingPathComponent("examples/inband/\(folder)/stream.json"),
      encoding: .utf8)
    server = try LoopbackServer()
    playlist = try RealStream(spec: spec).serve(on: server, under: "/inband/")
  }

  deinit { server.stop() }

  var sourceJSON: String {
    #"{"sources": {"src": "\#(playlist)", "type": "application/x-mpegurl", "ssai": {"integration": "inband"}}}"#
  }
}

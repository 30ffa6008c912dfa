import Foundation
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
    plugin: String, until limit: Double = 120, serve: () throws -> any ServedSource
  ) throws -> (engine: PlayerRun, headless: PlayerRun) {
    let path = repositoryRoot.appendingPathComponent(plugin).path
    let forEngine = try serve()
    let engine = try PlayerRun.onEngine(plugin: path, source: forEngine.sourceJSON, until: limit)
    let forHeadless = try serve()
    let headless = try PlayerRun.headless(plugin: path, source: forHeadless.sourceJSON, until: limit)
    return (engine, headless)
  }

  /// The same ads and breaks, and each beacon URL sent as often and within the tolerance.
  static func expectSameAds(_ engine: PlayerRun, _ headless: PlayerRun) {
    #expect(engine.ads == headless.ads)
    #expect(engine.begins == headless.begins)
    let breaks = { (run: PlayerRun) in run.of(.adbreakbegin).compactMap(\.adBreakTimeOffset) }
    #expect(breaks(engine) == breaks(headless))
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

  /// Each `cue` entry as what the cue says (kind and attributes) and the time it fired at.
  static func cues(_ run: PlayerRun) -> [(what: String, contentTime: Double)] {
    run.of(.cue).compactMap { entry in
      guard case .object(let cue) = entry.fields["cue"], let time = entry.fields["currentTime"]?.numberValue
      else { return nil }
      return ("\(cue["kind"]?.stringValue ?? "?") \(cue["attributes"]?.jsonText ?? "{}")", time)
    }
  }

  /// The same cues, each within the tolerance.
  static func expectSameCues(_ engine: PlayerRun, _ headless: PlayerRun) {
    let (seen, expected) = (cues(engine), cues(headless))
    #expect(seen.map(\.what) == expected.map(\.what))
    for (cue, wanted) in zip(seen, expected) where cue.what == wanted.what {
      #expect(
        abs(cue.contentTime - wanted.contentTime) <= tolerance, "\(cue.what): \(cue.contentTime) vs \(wanted)"
      )
    }
  }

  @Test func daiVOD() throws {
    let (engine, headless) = try Self.playBoth(plugin: "plugins/dai.lua") { try RealDAIServer() }
    #expect(engine.ending.hasPrefix("ended"), "\(engine.ending)")
    #expect(engine.ads == ["pre1", "mid1"])
    #expect(engine.beacons.count == RealDAIServer.tags.count, "\(engine.beacons)")
    Self.expectSameAds(engine, headless)
  }

  /// Live as TS: MediaWriter cuts a clip into TS segments only, so no CMAF with `emsg` here.
  @Test func daiLive() throws {
    let (engine, headless) = try Self.playBoth(plugin: "plugins/dai.lua", until: 60) {
      try RealDAILiveServer()
    }
    #expect(engine.begins == ["live1"], "\(engine.ending)")
    #expect(engine.beacons.count == RealDAILiveServer.tags.count, "\(engine.beacons)")
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
}

/// A server of a stream and what a source for it says.
protocol ServedSource: AnyObject {
  /// The SourceDescription's JSON.
  var sourceJSON: String { get }
}

extension RealDAIServer: ServedSource {}

import Foundation
import GStreamerEngine
import PlayerSeam
import TestFiles
import Testing

/// `plugins/interstitials.lua` on every player: HLS Interstitials of real media
/// (`InterstitialServer`), played by the headless player on its clock and by the GStreamer player
/// in engines of their own.
extension EveryPlayerTests {
  /// `plugins/interstitials.lua` on an HLS Interstitials stream (`InterstitialServer`): the
  /// engine pauses the primary content at the interstitial, its ad plays decoded in an engine of
  /// its own (its segments fetched through the proxy, in the run's request log), the gone asset
  /// is an `interstitialerror` and the content plays on, and the primary content resumes at the
  /// resume offset, as on the headless player. In real time too (16 s), where the engine's
  /// `seeked` of the resumption comes after the call that asked for it.
  @Test(arguments: [GStreamerEngineOptions.Speed.fast, .realTime])
  func interstitials(speed: GStreamerEngineOptions.Speed) throws {
    let (engine, headless) = try Self.playBoth(plugin: "plugins/interstitials.lua", speed: speed) {
      try InterstitialServer()
    }
    #expect(engine.ending.hasPrefix("ended"), "\(engine.ending)")
    #expect(headless.begins.count == 1)
    Self.expectSameAds(engine, headless, breakTolerance: speed == .fast ? 0 : Self.tolerance)
    #expect(engine.beacons.count == InterstitialServer.trackedEvents.count, "\(engine.beacons)")
    #expect(Self.interstitialShape(headless) == Self.interstitialKinds.map(\.rawValue))
    #expect(Self.interstitialShape(engine) == Self.interstitialShape(headless))
    // The ad played its length of media, the content resumed where it paused.
    let played = { (run: PlayerRun) in run.of(.interstitialassetend).first?.fields["played"]?.numberValue }
    let enginePlayed = try #require(played(engine))
    #expect(abs(enginePlayed - InterstitialServer.adSeconds) <= Self.tolerance, "\(enginePlayed)")
    let resumed = { (run: PlayerRun) in run.of(.interstitialend).first?.fields["resumeTime"]?.numberValue }
    #expect(resumed(engine) == InterstitialServer.breakTime)
    #expect(resumed(engine) == resumed(headless))
    let paused = try #require(engine.of(.interstitialstart).first?.fields["currentTime"]?.numberValue)
    #expect(abs(paused - InterstitialServer.breakTime) <= Self.tolerance, "\(paused)")
    // The ad's media went through the engine's proxy: its segments are in the run's request log.
    let requested = engine.of(.request).compactMap { $0.fields["url"]?.stringValue }
    #expect(requested.contains { $0.contains("/ad1/") && $0.hasSuffix(".ts") }, "\(requested)")
    #expect(requested.contains { $0.contains("/gone/media.m3u8") })
    #expect(engine.of(.error).isEmpty, "\(engine.of(.error).map(\.jsonLine))")
  }

  /// A pre-roll and a post-roll (`CUE="PRE"`, `CUE="POST"`, `X-ASSET-URI`) around the mid-roll:
  /// the engine plays the pre-roll before the primary content's first frame goes on, and the
  /// post-roll after its end, as the headless player does.
  @Test func interstitialPreAndPostRolls() throws {
    let (engine, headless) = try Self.playBoth(plugin: "plugins/interstitials.lua") {
      try InterstitialServer(rolls: true)
    }
    #expect(engine.ending.hasPrefix("ended"), "\(engine.ending)")
    // The pre-roll's break is where the engine's first frames had got to when it said it plays.
    Self.expectSameAds(engine, headless, breakTolerance: Self.tolerance)
    // Its content resumes where it began, as on the headless player.
    let resumed = { (run: PlayerRun) in run.of(.interstitialend).first?.fields["resumeTime"]?.numberValue }
    #expect(resumed(engine) == 0)
    #expect(resumed(headless) == 0)
    let ids = { (run: PlayerRun) in
      run.of(.interstitialstart).compactMap { $0.fields["interstitial"]?.objectValue?["id"]?.stringValue }
    }
    #expect(ids(headless) == ["pre", "mid1", "post"])
    #expect(ids(engine) == ids(headless))
    #expect(Self.interstitialShape(engine) == Self.interstitialShape(headless))
    let played = { (run: PlayerRun) in
      run.of(.interstitialassetend).compactMap { $0.fields["played"]?.numberValue }
    }
    #expect(played(engine).count == played(headless).count)
    for (seen, wanted) in zip(played(engine), played(headless)) {
      #expect(abs(seen - wanted) <= Self.tolerance, "played \(seen) vs \(wanted)")
    }
  }

  /// An asset the engine cannot play (its playlist loads, its segments are gone): its engine's
  /// error is an `interstitialerror` naming it, the asset ends with `reason = "error"`, and the
  /// interstitial and the content go on. (The headless player, which fetches no asset segments,
  /// plays it on its clock.)
  @Test func anAssetTheEngineCannotPlayIsAnErrorAndTheContentGoesOn() throws {
    let served = try InterstitialServer(segmentsGone: true)
    let path = repositoryRoot.appendingPathComponent("plugins/interstitials.lua").path
    let engine = try PlayerRun.onEngine(plugin: path, source: served.sourceJSON)
    #expect(engine.ending.hasPrefix("ended"), "\(engine.ending)")
    let ends = engine.of(.interstitialassetend).map { $0.fields["reason"]?.stringValue }
    #expect(ends == ["error"])
    let errors = engine.of(.interstitialerror).compactMap { $0.fields["message"]?.stringValue }
    #expect(errors.count == 2, "\(errors)")
    #expect(errors.first?.contains("hlsdemux") == true, "\(errors)")
    #expect(engine.of(.interstitialend).first?.fields["reason"]?.stringValue == "ended")
    #expect(engine.of(.error).isEmpty, "\(engine.of(.error).map(\.jsonLine))")
  }

  /// The interstitial events of a run, by kind, in order.
  static func interstitialShape(_ run: PlayerRun) -> [String] {
    run.entries.filter { interstitialKinds.contains($0.kind) }.map(\.kind.rawValue)
  }

  static let interstitialKinds: [LogKind] = [
    .interstitialstart, .assetlistloaded, .interstitialassetstart, .interstitialassetend,
    .interstitialerror, .interstitialend,
  ]
}

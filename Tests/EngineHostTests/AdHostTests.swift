import AppHost
import Foundation
import PlaybackEngine
import PlayerSeam
import RealMedia
import Testing

/// An app's one façade (`AppHost.AdHost`, docs/embedding.md) hosts `plugins/dai.lua` on the
/// GStreamer player without the CLI: created for the player, the plugin loaded, the source set,
/// run and ended, as on the headless player, with the same breaks and ads.
@Suite(.serialized, RealClip.engineTests) struct AdHostTests {
  /// What a run through the façade showed: how it ended, the ads begun, the run's log.
  static func play(_ choice: AdHost.Choice, _ server: RealDAIServer) throws -> (
    run: AdHostRun, entries: [LogEntry]
  ) {
    var options = PlayerRun.options()
    // The headless player reads the media segments' ID3 itself; the engine reads what it fetched.
    if choice == .headless { options.engine.segments = SegmentOptions() }
    let host = try AdHost(choice, options: options)
    try host.loadPlugin(at: EngineDAITests.plugin)
    host.autoplay = true
    host.setSource(try SourceDescription(jsonText: server.sourceJSON))
    let run = host.run(until: 120)
    host.end()
    return (run, host.log.entries)
  }

  static func begun(_ entries: [LogEntry]) -> [String] {
    entries.filter { $0.kind == .adbegin }.compactMap(\.adId)
  }

  @Test func daiOnTheGStreamerPlayerThroughTheFacadeGivesTheHeadlessPlayersBreaks() throws {
    let server = try RealDAIServer()
    let engine = try Self.play(.gstreamer(speed: .fast), server)
    #expect(engine.run.ending == .ended, "\(engine.run.reason)")
    #expect(Self.begun(engine.entries) == ["pre1", "mid1"])
    #expect(server.pings.sorted() == RealDAIServer.tags.map(\.id).sorted(), "\(server.pings)")
    #expect(engine.entries.contains { $0.kind == .frames }, "the engine's frame counts are in the log")
    let headless = try Self.play(.headless, try RealDAIServer())
    #expect(headless.run.ending == .ended, "\(headless.run.reason)")
    #expect(Self.begun(headless.entries) == Self.begun(engine.entries))
  }
}

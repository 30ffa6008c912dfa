import Foundation
import RealMedia
import TestFiles
import Testing

/// examples/dai's scenarios on the real engine, offline, from the recording that keeps its media
/// (`--record DIR --keep-media`, the VOD's segments cut from a real clip): the same scenario
/// files as on the headless player, their times held within the engine's 0.5 s, in the fast mode
/// `adhost test` runs the engine in by default.
@Suite(.serialized) struct DAIExampleOnEngineTests {
  /// Every VOD scenario, the seeks and the skip among them: `seek-over-mid-roll` seeks again at
  /// once (the snapback), which once let the stepped sink play on from a stale report; and the
  /// pings, answered after the engine played on, are timed by when they were sent.
  @Test(RealClip.engineTests, .timeLimit(.minutes(2)))
  func theVODScenariosPassOnTheEngine() async throws {
    let folder = repositoryRoot.appendingPathComponent("examples/dai/vod").path
    let run = await EngineRunCommandTests.adhost(["test", "--engine", "gstreamer", "-j", "1", folder])
    #expect(run.code == 0, "\(run.output)\(run.errors)")
    #expect(run.output.contains("6 passed, 0 failed"), "\(run.output)")
  }
}

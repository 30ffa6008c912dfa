import Foundation
import RealMedia
import TestFiles
import Testing

/// examples/dai's scenarios on the real engine, offline, from the recordings that keep their
/// media (`--record DIR --keep-media`, segments cut from a real clip): the same scenario files as
/// on the headless player, their times held within the engine's 0.5 s, in the fast mode
/// `adhost test` runs the engine in by default — the issue's `adhost test --engine gstreamer
/// examples/dai`.
@Suite(.serialized) struct DAIExampleOnEngineTests {
  /// Every scenario: the six VOD ones and the live one.
  /// - `seek-over-mid-roll` seeks again at once (the snapback): a step from the engine's report of
  ///   a frame past 40 s, which came after that second seek was asked, let the stream play to
  ///   40.1 s unstepped and ended the mid-roll at once.
  /// - The pings, answered after the engine played on, are timed by when they were sent.
  /// - Live: the engine plays a target duration (6 s) of media per live window that moved, so the
  ///   metadata polls at 0, 5 and 10 s come at their media times (the engine played 16 s of media
  ///   before the window moved, and the ad came at 16.3 s). About 25 s of wall time: hlsdemux2
  ///   loads the playlist every 6 s of wall time.
  @Test(RealClip.engineTests, .timeLimit(.minutes(2)))
  func everyScenarioPassesOnTheEngine() async throws {
    let folder = repositoryRoot.appendingPathComponent("examples/dai").path
    let run = await EngineRunCommandTests.adhost(["test", "--engine", "gstreamer", "-j", "1", folder])
    #expect(run.code == 0, "\(run.output)\(run.errors)")
    #expect(run.output.contains("7 passed, 0 failed"), "\(run.output)")
  }
}

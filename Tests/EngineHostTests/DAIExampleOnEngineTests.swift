import Foundation
import RealMedia
import TestFiles
import Testing

/// examples/dai's scenarios on the real engine in the fast mode, offline, from the recording that
/// keeps its media (`--record DIR --keep-media`, the VOD's segments cut from a real clip): the same
/// scenario files as on the headless player, their times held within the engine's 0.5 s.
@Suite(.serialized) struct DAIExampleOnEngineTests {
  /// The scenarios that pass on the engine so far (examples/dai/README.md: the seek over the
  /// mid-roll and the live one's metadata polls do not yet).
  static let scenarios = ["play-through", "seek-out-of-break", "skip-refused", "stream-request-fails"].map {
    repositoryRoot.appendingPathComponent("examples/dai/vod/tests/\($0).scenario.json").path
  }

  @Test(RealClip.engineTests, .timeLimit(.minutes(2)))
  func theVODScenariosPassOnTheEngineInTheFastMode() async throws {
    let run = await EngineRunCommandTests.adhost(
      ["test", "--engine", "gstreamer", "--engine-speed", "fast", "-j", "1"] + Self.scenarios)
    #expect(run.code == 0, "\(run.output)\(run.errors)")
    #expect(run.output.contains("4 passed, 0 failed"), "\(run.output)")
  }
}

import Foundation
import RealMedia
import TestFiles
import Testing

/// examples/dai's scenarios on the real engine in the fast mode, offline, from the recording that
/// keeps its media (`--record DIR --keep-media`, the VOD's segments cut from a real clip): the same
/// scenario files as on the headless player, their times held within the engine's 0.5 s.
@Suite(.serialized) struct DAIExampleOnEngineTests {
  /// The scenarios that pass on the engine so far: those with `actions` are refused on it (their
  /// times are virtual), and the live one's metadata polls come at other times there.
  static let scenarios = ["play-through", "stream-request-fails"].map {
    repositoryRoot.appendingPathComponent("examples/dai/vod/tests/\($0).scenario.json").path
  }

  @Test(RealClip.engineTests, .timeLimit(.minutes(2)))
  func theVODScenariosPassOnTheEngineInTheFastMode() async throws {
    let run = await EngineRunCommandTests.adhost(
      ["test", "--engine", "gstreamer", "--engine-speed", "fast", "-j", "1"] + Self.scenarios)
    #expect(run.code == 0, "\(run.output)\(run.errors)")
    #expect(run.output.contains("2 passed, 0 failed"), "\(run.output)")
  }
}

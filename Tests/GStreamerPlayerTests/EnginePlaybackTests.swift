import GStreamerEngine
import GStreamerPlayer
import PlayerSeam
import Testing

/// The engine's events as the player's: state, playhead, errors, a helper crash.
@Suite struct EnginePlaybackTests {
  @Test func aPlayWithBufferingASeekAndTheEndFireThePlayersEventsAtTheEnginesPosition() {
    var playback = EnginePlayback()
    let events: [EngineEvent] = [
      .ready(version: "GStreamer 1.22.0"), .state(.play, position: 0), .state(.waiting, position: nil),
      .state(.playing, position: 0), .time(position: 0.25, duration: 20), .state(.pause, position: 0.3),
      .state(.seeking, position: 12), .state(.seeked, position: 12), .state(.play, position: nil),
      .state(.playing, position: nil),
      .fragment(url: "http://127.0.0.1/s.ts", bytes: 10, downloadSeconds: nil),
      .time(position: 19.9, duration: 20), .state(.ended, position: 20),
    ]
    let changes = events.flatMap { playback.apply($0) }
    #expect(
      changes == [
        .event(.play, currentTime: nil), .event(.waiting, currentTime: nil),
        .event(.playing, currentTime: nil),
        .event(.timeupdate, currentTime: 0.25), .event(.pause, currentTime: nil),
        .event(.seeking, currentTime: 12), .event(.timeupdate, currentTime: 12),
        .event(.seeked, currentTime: 12),
        .event(.play, currentTime: nil), .event(.playing, currentTime: nil),
        .event(.timeupdate, currentTime: 19.9), .event(.pause, currentTime: nil),
        .event(.ended, currentTime: nil),
      ])
    // A seek after the end pauses the engine first: the engine's report of it fires nothing.
    #expect(!playback.awaitsEngine)
    playback.pauseQuietly()
    #expect(playback.awaitsEngine)
    #expect(playback.apply(.state(.pause, position: 20)).isEmpty)
    #expect(!playback.awaitsEngine)
    #expect(playback.position == 20)
    #expect(playback.duration == 20)
    #expect(playback.ended && playback.paused && !playback.isWaiting)
  }

  @Test func anEngineErrorStopsPlaybackWithTheEnginesMessageAndNothingFollows() {
    var playback = EnginePlayback()
    _ = playback.apply(.state(.play, position: 0))
    let error = EngineError(message: "Internal data stream error.", element: "hlsdemux2")
    let expected = PlayerError("hlsdemux2: Internal data stream error.", code: EnginePlayback.engineErrorCode)
    #expect(playback.apply(.error(error)) == [.fatal(expected)])
    #expect(playback.fatalError == expected)
    #expect(playback.paused)
    #expect(playback.apply(.time(position: 3, duration: nil)).isEmpty)
  }

  @Test func aHelperCrashIsAFatalErrorNamingIt() {
    var playback = EnginePlayback()
    let changes = playback.apply(.crashed("killed by signal 6"))
    #expect(
      changes == [
        .fatal(
          PlayerError("the GStreamer helper ended: killed by signal 6", code: EnginePlayback.engineErrorCode))
      ])
  }
}

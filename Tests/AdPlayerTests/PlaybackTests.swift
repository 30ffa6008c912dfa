import AdPlayer
import PlayerSeam
import Testing

/// Content playback on the virtual clock.
@Suite struct PlaybackTests {
  private func loaded(_ timeline: ContentTimeline) -> Player {
    let player = Player(defaultTimeline: timeline)
    player.setSource(SourceDescription(sources: [TypedSource(src: "https://example.com/c.m3u8")]))
    return player
  }

  private func lines(_ player: Player) -> [String] { player.log.entries.map(\.textLine) }

  @Test func playFiresPlayPlayingAndTimeUpdatesAtFourHertz() {
    let player = loaded(.vod(100))
    player.play()
    _ = player.run(until: 1)
    #expect(
      player.log.entries.map(\.jsonLine) == [
        #"{"t":0,"type":"sourcechange"}"#,
        #"{"t":0,"type":"play","currentTime":0}"#,
        #"{"t":0,"type":"playing","currentTime":0}"#,
        #"{"t":0.25,"type":"timeupdate","currentTime":0.25}"#,
        #"{"t":0.5,"type":"timeupdate","currentTime":0.5}"#,
        #"{"t":0.75,"type":"timeupdate","currentTime":0.75}"#,
        #"{"t":1,"type":"timeupdate","currentTime":1}"#,
      ])
    #expect(player.currentTime == 1)
    #expect(!player.paused)
  }

  @Test func aPlayingListenerThatPausesKeepsTheContentStill() {
    let player = loaded(.vod(100))
    player.addEventListener(.playing) { _ in player.pause() }
    player.play()
    _ = player.run(until: 5)
    #expect(player.paused)
    #expect(player.currentTime == 0)
    #expect(!player.ended)
    #expect(!player.log.entries.contains { $0.kind == .timeupdate })
  }

  @Test func pauseStopsTimeAndPlayResumesFromThere() {
    let player = loaded(.vod(100))
    player.play()
    player.loop.after(2) { player.pause() }
    player.loop.after(10) {
      #expect(player.currentTime == 2)
      #expect(player.paused)
      player.play()
    }
    _ = player.run(until: 11)
    #expect(player.currentTime == 3)
    let types = player.log.entries.map(\.kind.rawValue)
    // The pause timer was queued before the 2 s tick was, so it fires first at 2 s.
    #expect(types.filter { $0 == "timeupdate" }.count == 11)
    #expect(
      Array(types.suffix(7)) == [
        "pause", "play", "playing", "timeupdate", "timeupdate", "timeupdate", "timeupdate",
      ])
    #expect(player.log.entries.last?.jsonLine == #"{"t":11,"type":"timeupdate","currentTime":3}"#)
  }

  @Test func anIdleRunDoesNotMoveTheClockToTheLimit() {
    let player = loaded(.vod(100))
    let outcome = player.run(until: 10)
    #expect(outcome.kind == .idle)
    #expect(player.loop.now == 0)
  }

  @Test func seekingFiresSeekingTimeUpdateSeekedAndMovesThePosition() {
    let player = loaded(.vod(100))
    player.play()
    _ = player.run(until: 1)
    player.currentTime = 50
    _ = player.run(until: 1.5)
    #expect(
      Array(player.log.entries.map(\.jsonLine).suffix(5)) == [
        #"{"t":1,"type":"seeking","currentTime":50}"#,
        #"{"t":1,"type":"timeupdate","currentTime":50}"#,
        #"{"t":1,"type":"seeked","currentTime":50}"#,
        #"{"t":1.25,"type":"timeupdate","currentTime":50.25}"#,
        #"{"t":1.5,"type":"timeupdate","currentTime":50.5}"#,
      ])
    player.seek(to: 1000)
    #expect(player.currentTime == 100)
  }

  @Test func vodEndsWithPauseAndEndedAndPlayRestarts() {
    let player = loaded(.vod(1.1))
    player.play()
    let outcome = player.run()
    #expect(outcome.kind == .idle)
    #expect(outcome.reason == "content ended at 1.1 s")
    #expect(outcome.time == 1.1)
    #expect(
      Array(player.log.entries.map(\.textLine).suffix(3)) == [
        "       1.1  timeupdate  currentTime=1.1",
        "       1.1  pause  currentTime=1.1",
        "       1.1  ended  currentTime=1.1",
      ])
    #expect(player.ended && player.paused)
    player.play()
    #expect(player.currentTime == 0)
    #expect(!player.ended)
  }

  @Test func anEndOnATickIsReportedOnce() {
    let player = loaded(.vod(1))
    player.play()
    _ = player.run()
    #expect(player.log.entries.filter { $0.kind == .timeupdate && $0.micros == 1_000_000 }.count == 1)
  }

  @Test func liveContentNeverEnds() {
    let player = loaded(.live)
    player.play()
    let outcome = player.run(until: 3600)
    #expect(outcome.kind == .reachedLimit)
    #expect(player.currentTime == 3600)
    #expect(!player.ended)
  }

  @Test func pausedContentEndsTheRunWithAClearReason() {
    let player = loaded(.live)
    player.play()
    _ = player.run(until: 3)
    player.pause()
    let outcome = player.run()
    #expect(outcome.kind == .idle)
    #expect(outcome.reason == "stalled: content paused at 3 s with no timers or work outstanding")
  }

  @Test func playBeforeTheSourceLoadsPlaysOnceLoaded() {
    let player = Player(defaultTimeline: .vod(10))
    player.play()
    #expect(player.log.entries.map(\.kind.rawValue) == ["play"])
    player.setSource(SourceDescription(sources: [TypedSource(src: "u")]))
    player.play()
    _ = player.run(until: 0.25)
    #expect(
      player.log.entries.map(\.kind.rawValue) == ["play", "sourcechange", "play", "playing", "timeupdate"])
  }

  @Test func prepareContentSuppliesTheTimelineAndItsFailureIsFatal() {
    let player = Player()
    player.prepareContent = { source, completion in
      completion(.success(.vod(source.sources.count == 1 ? 2 : 3)))
    }
    player.setSource(SourceDescription(sources: [TypedSource(src: "u")]))
    #expect(player.timeline == .vod(2))
    player.prepareContent = { _, completion in completion(.failure(IntegrationError("playlist 404"))) }
    player.setSource(SourceDescription(sources: [TypedSource(src: "u")]))
    #expect(player.fatalError?.message == "playlist 404")
    #expect(player.fatalError?.code == PlayerError.contentLoadErrorCode)
  }

  @Test func setTimelineMovesTheEnd() {
    let player = loaded(.live)
    player.play()
    _ = player.run(until: 5)
    player.setTimeline(.vod(6))
    let outcome = player.run()
    #expect(outcome.reason == "content ended at 6 s")
  }

  @Test func listenersHearTheirEventsUntilRemoved() {
    let player = loaded(.vod(10))
    var heard: [Double] = []
    let token = player.addEventListener(.timeupdate) { heard.append($0.currentTime ?? -1) }
    player.play()
    _ = player.run(until: 0.5)
    #expect(player.removeEventListener(token))
    _ = player.run(until: 1)
    #expect(heard == [0.25, 0.5])
    #expect(!player.removeEventListener(token))
  }
}

import AdPlayer
import PlayerSeam
import Testing

/// The order of work due at the same virtual time: timers of the player, integrations and
/// plugins first, then the viewer's actions.
@Suite struct SameTimeOrderTests {
  @Test func userActionsRunAfterEveryOtherTimerDueAtTheSameTime() {
    let loop = HostLoop()
    var fired: [String] = []
    loop.afterMicros(2_000_000, phase: .userAction) { fired.append("action 1") }
    loop.after(2) {
      fired.append("work a")
      // Work due now that this work schedules still comes before the viewer's action.
      loop.after(0) { fired.append("work c") }
    }
    loop.afterMicros(2_000_000, phase: .userAction) {
      fired.append("action 2")
      loop.after(0) { fired.append("work after action 2") }
    }
    loop.after(2) { fired.append("work b") }
    loop.afterMicros(2_000_000, phase: .userAction) { fired.append("action 3") }
    loop.after(1) { fired.append("earlier") }
    _ = loop.run()
    #expect(
      fired == [
        "earlier", "work a", "work b", "work c", "action 1", "action 2", "work after action 2", "action 3",
      ])
  }

  @Test func aScriptedSeekAtTheInstantTheContentReachesATickSeesThatTick() throws {
    // The player's timeupdate at 1 s comes before a seek scheduled for 1 s, even though the
    // seek was scheduled first (before play started the ticks).
    let player = Player(defaultTimeline: ContentTimeline(duration: 10))
    player.timeUpdateIntervalMicros = 1_000_000
    player.schedule(try ScriptedAction.script(jsonText: #"[{"at": 1, "do": "seek", "to": 5}]"#))
    var seen: [String] = []
    player.addEventListener(.timeupdate) { event in seen.append("timeupdate \(event.currentTime ?? -1)") }
    player.addEventListener(.seeking) { event in seen.append("seeking \(event.currentTime ?? -1)") }
    player.setSource(try SourceDescription(jsonText: #"{"sources": [{"src": "a.m3u8"}]}"#))
    player.play()
    _ = player.run(until: 1)
    #expect(seen.prefix(3) == ["timeupdate 1.0", "seeking 5.0", "timeupdate 5.0"])
  }
}

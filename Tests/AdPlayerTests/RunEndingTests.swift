import AdPlayer
import Foundation
import PlayerSeam
import Testing

/// Runs without a limit end when nothing but plugins' timers is left and no content can play, and
/// the wall time a loop waits for I/O is bounded in all (issue 37, item 11 and R04).
@Suite struct RunEndingTests {
  /// A plugin polling for ever (a timer of its own, set again and again) with no content: the run
  /// stalls naming the plugin, instead of firing the poll for ever. A guard cancels the poll after
  /// 1000 fires, so that without the check the run ends idle instead of never.
  @Test func onlyAPluginsTimersLeftWithNoContentStallNamingThePlugin() {
    let player = Player(loop: HostLoop(), defaultTimeline: .live)
    let loop = player.loop
    var fires = 0
    var poll: TimerHandle?
    poll = loop.every(5) {
      fires += 1
      if fires == 1000 { poll?.cancel() }
    }
    if let poll { loop.attribute(poll, to: "yospace.lua") }
    let outcome = loop.run()
    #expect(outcome.kind == .stalled, "\(outcome.reason)")
    #expect(outcome.reason.hasPrefix("stalled: only the timers of yospace.lua are left"), "\(outcome.reason)")
    #expect(outcome.reason.contains("no source loaded"), "\(outcome.reason)")
    #expect(fires == 0)
  }

  /// Content that may still play (paused: a plugin's timer may play it) keeps a run without limit
  /// going; so does any timer of no owner (the player's, a scripted action's), and a limit.
  @Test func pausedContentTimersOfNoOwnerAndALimitKeepTheRunGoing() {
    let loop = HostLoop()
    var fires = 0
    // The guard again: without the check, the run ends idle after 1000 fires, not never.
    var poll: TimerHandle?
    poll = loop.every(1) {
      fires += 1
      if fires == 1000 { poll?.cancel() }
    }
    if let poll { loop.attribute(poll, to: "plugin.lua") }
    var playable = true
    loop.hasContent = { playable }
    loop.after(3) { playable = false }
    let outcome = loop.run()
    #expect(outcome.kind == .stalled)
    #expect(outcome.time == 3)
    #expect(fires == 2, "the poll due at 3 s comes after the timer that ended the content")
    // A limit: the owner's timers fire up to it.
    #expect(loop.run(until: 10).kind == .reachedLimit)
    #expect(fires == 10)
    // A timer of no owner, even far ahead, is progress; a cancelled one is not.
    let action = loop.after(50) {}
    let cancelled = loop.after(5) {}
    cancelled.cancel()
    #expect(loop.run().kind == .stalled)
    #expect(loop.now == 60, "ran to the scripted action at 60 s, then stalled")
    _ = action
  }

  /// Work that never answers, waited for again and again, is bounded by the loop's I/O budget in
  /// all, not only per wait.
  @Test func theIOBudgetBoundsAllWaitsTogether() {
    let loop = HostLoop()
    loop.ioTimeout = 60
    loop.ioBudget = 0.2
    _ = loop.beginWork("segment https://stall.example/s1.ts")
    let outcome = loop.run()
    #expect(outcome.kind == .stalled)
    #expect(loop.isIOBudgetSpent)
    #expect(
      outcome.reason
        == "the I/O budget is spent (0.2 s of wall time waiting in all); outstanding: segment https://stall.example/s1.ts"
    )
    // Spent: a later wait gives up at once.
    loop.deliverOutstanding()
    #expect(loop.run().kind == .stalled)
  }
}

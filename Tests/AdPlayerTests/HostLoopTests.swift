import AdPlayer
import Foundation
import PlayerSeam
import Testing

/// The virtual clock, timers, the inbox and how runs end.
@Suite struct HostLoopTests {
  @Test func timersFireInTimeOrderAndFirstInFirstOutAtEqualTimes() {
    let loop = HostLoop()
    var fired: [String] = []
    loop.after(2) { fired.append("2a") }
    loop.after(1) { fired.append("1") }
    loop.after(2) { fired.append("2b") }
    loop.after(0) { fired.append("0") }
    loop.after(2) { fired.append("2c") }
    let outcome = loop.run()
    #expect(fired == ["0", "1", "2a", "2b", "2c"])
    #expect(outcome.kind == .idle)
    #expect(outcome.time == 2)
  }

  /// A timer kept instead of set again must fire where the new one would: `firesAsIfSetNow`
  /// says so only when no other timer of its instant and phase was set after it.
  @Test func aTimerFiresAsIfSetNowOnlyWhenNothingOfItsInstantWasSetAfterIt() {
    let loop = HostLoop()
    var fired: [String] = []
    loop.after(5) { fired.append("before") }
    let kept = loop.after(5) { fired.append("kept") }
    loop.after(4) { fired.append("earlier") }
    loop.afterMicros(5_000_000, phase: .userAction) { fired.append("other phase") }
    let cancelled = loop.after(5) { fired.append("cancelled") }
    cancelled.cancel()
    #expect(loop.firesAsIfSetNow(kept, afterMicros: 5_000_000, phase: .work))
    #expect(!loop.firesAsIfSetNow(kept, afterMicros: 5_000_001, phase: .work))
    #expect(!loop.firesAsIfSetNow(kept, afterMicros: 5_000_000, phase: .userAction))
    // A timer of the same instant set after it: the kept one would fire before it, a new one after.
    loop.after(5) { fired.append("after") }
    #expect(!loop.firesAsIfSetNow(kept, afterMicros: 5_000_000, phase: .work))
    // Neither a cancelled nor a fired timer, nor a repeating one.
    let gone = loop.after(1) {}
    gone.cancel()
    #expect(!loop.firesAsIfSetNow(gone, afterMicros: 1_000_000, phase: .work))
    let repeating = loop.every(5) {}
    #expect(!loop.firesAsIfSetNow(repeating, afterMicros: 5_000_000, phase: .work))
    repeating.cancel()
    let early = loop.after(1) {}
    _ = loop.run(until: 2)
    #expect(!loop.firesAsIfSetNow(early, afterMicros: -1_000_000, phase: .work))
    _ = loop.run()
    #expect(fired == ["earlier", "before", "kept", "after", "other phase"])
  }

  @Test func aLongQueueIsNotScannedToKeepATimer() {
    let loop = HostLoop()
    let kept = loop.after(5) {}
    #expect(loop.firesAsIfSetNow(kept, afterMicros: 5_000_000, phase: .work))
    // Many plugin timers queued later: the answer is "set it again", without a scan per call.
    for _ in 0..<64 { loop.after(60) {} }  // TimerQueue.lastPushedScanLimit
    #expect(!loop.firesAsIfSetNow(kept, afterMicros: 5_000_000, phase: .work))
  }

  @Test func cancelledTimersDoNotFireAndRepeatingTimersCanStopThemselves() {
    let loop = HostLoop()
    var fired: [Double] = []
    let cancelled = loop.after(1) { fired.append(-1) }
    cancelled.cancel()
    var repeating: TimerHandle?
    repeating = loop.every(0.25) {
      fired.append(loop.now)
      if fired.count == 3 { repeating?.cancel() }
    }
    _ = loop.run()
    #expect(fired == [0.25, 0.5, 0.75])
    #expect(cancelled.isCancelled)
  }

  @Test func runUntilStopsAtTheLimitAndFiresTimersDueAtIt() {
    let loop = HostLoop()
    var count = 0
    loop.every(1) { count += 1 }
    let outcome = loop.run(until: 3.5)
    #expect(outcome.kind == .reachedLimit)
    #expect(outcome.time == 3.5)
    #expect(count == 3)
    _ = loop.run(until: 4)
    #expect(count == 4)
  }

  @Test func stopEndsTheRunWithItsReason() {
    let loop = HostLoop()
    loop.after(1) { loop.stop("enough") }
    loop.after(2) {}
    let outcome = loop.run()
    #expect(outcome == LoopOutcome(kind: .stopped, reason: "enough", time: 1))
  }

  @Test func theClockDoesNotAdvanceWhileWorkIsOutstanding() {
    let loop = HostLoop()
    let log = Recorder()
    loop.after(0.5) { log.append("timer at \(loop.now)") }
    let token = loop.beginWork("fetch")
    Thread.detachNewThread {
      Thread.sleep(forTimeInterval: 0.03)
      token.post { log.append("posted") }
      Thread.sleep(forTimeInterval: 0.03)
      token.finish { log.append("finished") }
    }
    loop.after(0) {}
    _ = loop.run()
    // The order, not the wall clock, shows the wait: the 0.5 s timer cannot fire before the work ends.
    #expect(log.items == ["posted", "finished", "timer at 0.5"])
    #expect(!loop.isWaiting)
  }

  @Test func deliveriesRunOnTheHostThreadBeforeTheClockMoves() {
    let loop = HostLoop()
    let recorder = Recorder()
    let token = loop.beginWork("fetch")
    loop.after(1) { recorder.append("timer") }
    let host = pthread_self()
    let hostBox = Recorder()
    Thread.detachNewThread {
      hostBox.append("posted from another thread: \(pthread_equal(pthread_self(), host) == 0)")
      token.finish { recorder.append("on the host thread: \(pthread_equal(pthread_self(), host) != 0)") }
    }
    _ = loop.run()
    #expect(recorder.items == ["on the host thread: true", "timer"])
    #expect(hostBox.items == ["posted from another thread: true"])
  }

  @Test func deliveriesRunInTheOrderTheWorkBeganWhateverOrderItEnds() {
    let loop = HostLoop()
    let recorder = Recorder()
    let first = loop.beginWork("slow")
    let second = loop.beginWork("fast")
    Thread.detachNewThread {
      second.post { recorder.append("fast: partial") }
      second.finish { recorder.append("fast: done") }
      Thread.sleep(forTimeInterval: 0.05)
      first.finish { recorder.append("slow: done") }
    }
    _ = loop.run()
    #expect(recorder.items == ["slow: done", "fast: partial", "fast: done"])
  }

  @Test func postsAfterFinishAreIgnored() {
    let loop = HostLoop()
    let recorder = Recorder()
    let token = loop.beginWork("fetch")
    token.post { recorder.append("partial") }
    token.finish { recorder.append("last") }
    token.post { recorder.append("late") }
    token.finish { recorder.append("again") }
    _ = loop.run()
    #expect(recorder.items == ["partial", "last"])
  }

  @Test func aHoldWithNoWorkOutstandingStallsInsteadOfHanging() {
    let loop = HostLoop()
    let hold = loop.hold("setSource of x")
    loop.after(1) {}
    let outcome = loop.run()
    #expect(outcome.kind == .stalled)
    #expect(outcome.reason == "waiting for setSource of x with no work outstanding to end the wait")
    hold.release()
    #expect(loop.run().kind == .idle)
  }

  @Test func workThatNeverDeliversTimesOut() {
    let loop = HostLoop()
    loop.ioTimeout = 0.05
    _ = loop.beginWork("GET https://slow.example")
    let outcome = loop.run()
    #expect(outcome.kind == .stalled)
    #expect(outcome.reason == "no delivery within 0.05 s from outstanding work: GET https://slow.example")
  }

  @Test func realTimePacesTheClockToTheWallClock() {
    let loop = HostLoop()
    loop.realTime = true
    var fired = false
    loop.after(0.2) { fired = true }
    let start = Date()
    _ = loop.run()
    #expect(fired)
    #expect(Date().timeIntervalSince(start) >= 0.19)
  }

  @Test func virtualTimeIsExactInMicroseconds() {
    #expect(VirtualTime.secondsText(12_250_000) == "12.25")
    #expect(VirtualTime.secondsText(3_000_001) == "3.000001")
    #expect(VirtualTime.secondsText(0) == "0")
    #expect(VirtualTime.secondsText(-500_000) == "-0.5")
    #expect(VirtualTime.micros(0.1) == 100_000)
    #expect(VirtualTime.micros(-3) == 0)
    #expect(VirtualTime.micros(.nan) == 0)
  }
}

/// A list appended to from the host thread only, checked after the run.
final class Recorder: @unchecked Sendable {
  private(set) var items: [String] = []
  func append(_ item: String) { items.append(item) }
}

/// The loop's bookkeeping stays proportional to the timers that can still fire: counted in
/// queued timers, never in wall time.
@Suite struct HostLoopScaleTests {
  /// A tick every 0.25 s that cancels a one-shot timer `ahead` seconds away and sets it again, as
  /// the client-side engine arms its next break on every `timeupdate`; the queue's size after
  /// `ticks` ticks.
  func queuedAfter(ticks: Int, ahead: Double = 600) -> Int {
    let loop = HostLoop()
    var armed: TimerHandle?
    var fired = 0
    loop.every(0.25) {
      armed?.cancel()
      armed = loop.after(ahead) { fired += 1 }
    }
    _ = loop.run(until: Double(ticks) / 4)
    #expect(fired == 0)
    return loop.queuedTimers
  }

  @Test func aTimerCancelledAndSetAgainOnEveryTickLeavesFewBehind() {
    // Without sweeping, each tick left its cancelled timer queued until its time: 2,360 by 590 s.
    let small = queuedAfter(ticks: 300)
    let large = queuedAfter(ticks: 2360)
    #expect(large <= 130, "300 ticks: \(small) queued, 2360 ticks: \(large) queued")
    #expect(small <= 130)
  }

  @Test func sweepingKeepsTheOrderOfTheLiveTimers() {
    let loop = HostLoop()
    var fired: [Int] = []
    // 500 timers at 10 times, every other one cancelled: sweeps happen on the way.
    for index in 0..<500 {
      let handle = loop.after(Double(index % 10)) { fired.append(index) }
      if index % 2 == 1 { handle.cancel() }
    }
    _ = loop.run()
    let expected = (0..<500).filter { $0 % 2 == 0 }.sorted { ($0 % 10, $0) < ($1 % 10, $1) }
    #expect(fired == expected)
  }
}

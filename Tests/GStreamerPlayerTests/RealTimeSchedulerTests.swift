import Foundation
import GStreamerPlayer
import PlayerSeam
import Testing

/// The real engine's host loop: one thread, the monotonic clock, timers in time, phase and
/// scheduling order, work answered from other threads.
@Suite struct RealTimeSchedulerTests {
  @Test func itsClockIsRealAndNeverGoesBack() {
    let scheduler = RealTimeScheduler()
    #expect(scheduler.realTime)
    var last = scheduler.nowMicros
    for _ in 0..<1000 {
      let now = scheduler.nowMicros
      #expect(now >= last)
      last = now
    }
  }

  @Test func timersDueTogetherFireByPhaseThenInTheOrderTheyWereSet() {
    let scheduler = RealTimeScheduler()
    var fired: [String] = []
    scheduler.afterMicros(0, phase: .userAction) { fired.append("action") }
    scheduler.afterMicros(0, phase: .work) { fired.append("work 1") }
    scheduler.afterMicros(0, phase: .work) { fired.append("work 2") }
    let cancelled = scheduler.afterMicros(0, phase: .work) { fired.append("cancelled") }
    cancelled.cancel()
    scheduler.after(0.02) {
      fired.append("later")
      scheduler.stop()
    }
    scheduler.run()
    #expect(fired == ["work 1", "work 2", "action", "later"])
    #expect(cancelled.isCancelled)
  }

  @Test func aTimerNeverFiresBeforeItsTimeOnTheMonotonicClock() {
    let scheduler = RealTimeScheduler()
    let setAt = scheduler.nowMicros
    var firedAt: Int64 = -1
    scheduler.after(0.05) {
      firedAt = scheduler.nowMicros
      scheduler.stop()
    }
    scheduler.run()
    #expect(firedAt - setAt >= 50_000)
  }

  @Test func aRepeatingTimerFiresUntilCancelled() {
    let scheduler = RealTimeScheduler()
    var ticks = 0
    var timer: RealTimeTimer?
    timer = scheduler.every(0.001) {
      ticks += 1
      if ticks == 3 {
        timer?.cancel()
        scheduler.after(0.01) { scheduler.stop() }
      }
    }
    scheduler.run()
    #expect(ticks == 3)
  }

  @Test func workAnsweredFromAnotherThreadRunsOnTheHostThreadInOrderAndFinishesOnce() {
    let scheduler = RealTimeScheduler()
    let host = ObjectIdentifier(Thread.current)
    let work = scheduler.beginWork("a request")
    nonisolated(unsafe) var answers: [String] = []
    nonisolated(unsafe) var onHost = true
    Thread.detachNewThread {
      work.post {
        onHost = onHost && ObjectIdentifier(Thread.current) == host
        answers.append("part")
      }
      work.finish {
        onHost = onHost && ObjectIdentifier(Thread.current) == host
        answers.append("done")
      }
      work.finish { answers.append("again") }
      work.post { answers.append("late") }
      scheduler.post { scheduler.stop() }
    }
    scheduler.run()
    #expect(work.label == "a request")
    #expect(answers == ["part", "done"])
    #expect(onHost)
  }
}

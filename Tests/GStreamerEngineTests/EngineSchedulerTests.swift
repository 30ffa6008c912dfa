import Foundation
import GStreamerEngine
import PlayerSeam
import Testing

/// The scheduler of an integration on the GStreamer engine: the engine's media time in the fast
/// mode, a monotonic clock in real time. No engine needed.
struct EngineSchedulerTests {
  @Test func theFastModesTimeIsTheMediaThatPlayedAndASeekDoesNotMoveIt() {
    let scheduler = EngineScheduler(speed: .fast)
    #expect(!scheduler.realTime)
    var fired: [String] = []
    scheduler.after(1.5) { fired.append("1.5 s") }
    scheduler.afterMicros(1_000_000, phase: .userAction) { fired.append("action at 1 s") }
    scheduler.after(1) { fired.append("1 s") }
    scheduler.follow(position: 0)
    scheduler.follow(position: 0.9)
    scheduler.runDue()
    #expect(fired.isEmpty)
    scheduler.follow(position: 1.2)
    scheduler.runDue()
    // At the same time, work before a viewer's action, each in the order set.
    #expect(fired == ["1 s", "action at 1 s"])
    #expect(scheduler.now == 1.2)
    // A seek back to 0.2 s: the clock stays at 1.2 s, and moves on by what plays from there.
    scheduler.seeked(to: 0.2)
    scheduler.follow(position: 0.4)
    scheduler.runDue()
    #expect(fired.count == 2)
    scheduler.follow(position: 0.5)
    scheduler.runDue()
    #expect(fired.last == "1.5 s")
    #expect(scheduler.now == 1.5)
  }

  @Test func aPositionBehindTheFurthestOneSinceTheSeekMovesTheClockOnlyPastIt() {
    let scheduler = EngineScheduler(speed: .fast)
    scheduler.follow(position: 10)
    scheduler.follow(position: 11)
    // Jitter: a report 0.3 s behind, then the engine plays on to 11.2 s. The clock moves by the
    // media past 11 s only, not by 0.5 s (11.2 − 10.7) again.
    scheduler.follow(position: 10.7)
    #expect(scheduler.now == 1)
    scheduler.follow(position: 11.2)
    #expect(scheduler.nowMicros == 1_200_000)
    // A seek back makes its position the mark: what plays from there counts again.
    scheduler.seeked(to: 5)
    scheduler.follow(position: 5.5)
    #expect(scheduler.nowMicros == 1_700_000)
  }

  @Test func aSteppedEnginesLeapPastWhatTheHostAllowedIsNotMediaPlayed() {
    let scheduler = EngineScheduler(speed: .fast)
    // A load: the stepped engine may play to 0 s; a live join's first frame is 95,434.76 s.
    scheduler.seeked(to: 0)
    scheduler.stepped(until: 0)
    scheduler.follow(position: 95_434.76)
    #expect(scheduler.now == 0)
    scheduler.stepped(until: 95_434.86)
    scheduler.follow(position: 95_434.88)
    #expect(scheduler.nowMicros == 120_000)
    // The demuxer skips 12 s ahead: the clock counts what was allowed, not the leap.
    scheduler.stepped(until: 95_434.98)
    scheduler.follow(position: 95_447)
    #expect(scheduler.nowMicros == 220_000)
  }

  @Test func aRepeatingTimerFiresOnceForEachCallAndStopsWhenCancelled() {
    let scheduler = EngineScheduler(speed: .fast)
    var ticks = 0
    let timer = scheduler.every(0.25) { ticks += 1 }
    scheduler.follow(position: 0)
    scheduler.follow(position: 1)
    scheduler.runDue()
    #expect(ticks == 1)
    scheduler.follow(position: 1.3)
    scheduler.runDue()
    #expect(ticks == 2)
    timer.cancel()
    scheduler.follow(position: 3)
    scheduler.runDue()
    #expect(ticks == 2)
    #expect(scheduler.nextDueMicros == nil)
  }

  @Test func workAnsweredOnAnotherThreadRunsOnTheHostThreadInOrder() {
    let scheduler = EngineScheduler(speed: .fast)
    let work = scheduler.beginWork("GET https://ads.example/vast")
    let delivered = Box()
    let done = DispatchSemaphore(value: 0)
    Thread {
      work.post { delivered.append("first") }
      work.finish(after: 2) { delivered.append("last, 2 s of media later") }
      work.post { delivered.append("after finish: dropped") }
      done.signal()
    }.start()
    done.wait()
    scheduler.runDue()
    #expect(delivered.items == ["first"])
    scheduler.follow(position: 0)
    scheduler.follow(position: 2)
    scheduler.runDue()
    #expect(delivered.items == ["first", "last, 2 s of media later"])
  }

  @Test func realTimeIsAMonotonicClockThatAWaitingHostFollows() {
    let scheduler = EngineScheduler(speed: .realTime)
    #expect(scheduler.realTime)
    scheduler.follow(position: 100)
    #expect(scheduler.now < 100)
    var fired = false
    scheduler.after(0.02) { fired = true }
    let due = scheduler.nextDueMicros ?? 0
    let before = scheduler.nowMicros
    while !fired {
      scheduler.waitForWork(untilMicros: due)
      scheduler.runDue()
    }
    #expect(scheduler.nowMicros >= due)
    #expect(scheduler.nowMicros >= before)
    // Work wakes a waiting host before its deadline.
    let work = scheduler.beginWork("answer")
    let answered = Box()
    Thread { work.finish { answered.append("answered") } }.start()
    while answered.items.isEmpty {
      scheduler.waitForWork(untilMicros: scheduler.nowMicros + 60_000_000)
      scheduler.runDue()
    }
    #expect(answered.items == ["answered"])
  }
}

/// Strings appended from the host thread (the scheduler's closures are `@Sendable`).
// why: appended only on the test's thread, inside `runDue`; read there too.
private final class Box: @unchecked Sendable {
  var items: [String] = []
  func append(_ item: String) { items.append(item) }
}

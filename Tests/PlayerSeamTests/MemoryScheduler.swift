import Foundation
import PlayerSeam

/// The in-memory implementation's scheduler: a virtual clock the test moves with `run(until:)`,
/// timers in (time, phase, order) order, and work that other threads answer through an inbox.
final class MemoryScheduler: IntegrationScheduler {
  private(set) var nowMicros: Int64 = 0
  var now: Double { VirtualTime.seconds(nowMicros) }
  var realTime: Bool { false }
  private var timers: [MemoryTimer] = []
  private var sequence = 0
  let inbox = MemoryInbox()

  @discardableResult
  func after(_ seconds: Double, _ body: @escaping () -> Void) -> MemoryTimer {
    afterMicros(VirtualTime.micros(seconds), phase: .work, body)
  }

  @discardableResult
  func afterMicros(_ micros: Int64, phase: TimerPhase, _ body: @escaping () -> Void) -> MemoryTimer {
    schedule(MemoryTimer(time: nowMicros + max(0, micros), phase: phase, interval: nil, body: body))
  }

  @discardableResult
  func every(_ seconds: Double, _ body: @escaping () -> Void) -> MemoryTimer {
    let interval = max(1, VirtualTime.micros(seconds))
    return schedule(MemoryTimer(time: nowMicros + interval, phase: .work, interval: interval, body: body))
  }

  func beginWork(_ label: String) -> MemoryWork { MemoryWork(label: label, inbox: inbox, scheduler: self) }

  private func schedule(_ timer: MemoryTimer) -> MemoryTimer {
    sequence += 1
    timer.sequence = sequence
    timers.append(timer)
    return timer
  }

  /// Runs deliveries and timers up to `limit` seconds; waits (wall time, at most `timeout`) while
  /// work is outstanding, so the clock never moves past unanswered work. False if work stalled.
  @discardableResult
  func run(until limit: Double, timeout: Double = 10) -> Bool {
    let limitMicros = VirtualTime.micros(limit)
    while true {
      for delivery in inbox.takeAll() { delivery() }
      if inbox.outstanding > 0 {
        guard inbox.waitForDelivery(timeout: timeout) else { return false }
        continue
      }
      timers.removeAll(where: \.isCancelled)
      guard let next = timers.min(by: Self.earlier), next.time <= limitMicros else { break }
      timers.removeAll { $0 === next }
      nowMicros = max(nowMicros, next.time)
      next.body()
      if let interval = next.interval, !next.isCancelled {
        next.time += interval
        timers.append(next)
      }
    }
    nowMicros = max(nowMicros, limitMicros)
    return true
  }

  private static func earlier(_ a: MemoryTimer, _ b: MemoryTimer) -> Bool {
    (a.time, a.phase.rawValue, a.sequence) < (b.time, b.phase.rawValue, b.sequence)
  }
}

/// A timer of `MemoryScheduler`.
final class MemoryTimer: ScheduledTimer {
  var time: Int64
  var sequence = 0
  let phase: TimerPhase
  let interval: Int64?
  let body: () -> Void
  private(set) var isCancelled = false

  init(time: Int64, phase: TimerPhase, interval: Int64?, body: @escaping () -> Void) {
    self.time = time
    self.phase = phase
    self.interval = interval
    self.body = body
  }

  func cancel() { isCancelled = true }
}

/// Closures other threads deliver to the host thread, and how much work is still outstanding.
final class MemoryInbox: @unchecked Sendable {
  private let condition = NSCondition()
  private var queue: [@Sendable () -> Void] = []
  private var open = 0

  var outstanding: Int { condition.withLock { open } }

  func begin() { condition.withLock { open += 1 } }

  func deliver(_ body: @escaping @Sendable () -> Void, finishes: Bool) {
    condition.withLock {
      queue.append(body)
      if finishes { open -= 1 }
      condition.signal()
    }
  }

  func takeAll() -> [@Sendable () -> Void] {
    condition.withLock {
      defer { queue = [] }
      return queue
    }
  }

  func waitForDelivery(timeout: Double) -> Bool {
    condition.withLock {
      let deadline = Date(timeIntervalSinceNow: timeout)
      while queue.isEmpty {
        if !condition.wait(until: deadline) { return !queue.isEmpty }
      }
      return true
    }
  }
}

/// Work of `MemoryScheduler`: `post` and `finish` from any thread.
final class MemoryWork: PendingWork, @unchecked Sendable {
  let label: String
  private let inbox: MemoryInbox
  private weak var scheduler: MemoryScheduler?
  private let lock = NSLock()
  private var finished = false

  init(label: String, inbox: MemoryInbox, scheduler: MemoryScheduler) {
    self.label = label
    self.inbox = inbox
    self.scheduler = scheduler
    inbox.begin()
  }

  func post(_ body: @escaping @Sendable () -> Void) {
    if lock.withLock({ !finished }) { inbox.deliver(body, finishes: false) }
  }

  func finish(after seconds: Double, _ body: @escaping @Sendable () -> Void) {
    let first = lock.withLock {
      defer { finished = true }
      return !finished
    }
    guard first else { return }
    guard seconds > 0 else { return inbox.deliver(body, finishes: true) }
    let carried = UncheckedBox(scheduler)
    inbox.deliver({ carried.value?.after(seconds) { body() } }, finishes: true)
  }
}

/// A value carried into a `@Sendable` closure that only the host thread runs.
struct UncheckedBox<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}

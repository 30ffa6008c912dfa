import Foundation
import PlayerSeam

/// A timer of a `RealTimeScheduler`. Its times are read and written only with the scheduler's
/// lock held; `cancel` runs on the host thread, as do the timer's callbacks. Host thread only.
// why: `due`, `sequence`, `fired` change under the scheduler's lock; `cancelled` on the host thread.
public final class RealTimeTimer: ScheduledTimer, @unchecked Sendable {
  var due: Int64
  var sequence = 0
  var fired = false
  let phase: TimerPhase
  let interval: Int64?
  let body: () -> Void
  private var cancelled = false

  init(due: Int64, phase: TimerPhase, interval: Int64?, body: @escaping () -> Void) {
    self.due = due
    self.phase = phase
    self.interval = interval
    self.body = body
  }

  /// Whether `cancel` was called before the timer fired (a repeating timer: ever).
  public var isCancelled: Bool { cancelled }

  /// Stops the timer; after a one-shot timer fired it does nothing.
  public func cancel() { if !fired { cancelled = true } }
}

/// Work begun on the host thread and answered from any thread through the scheduler's queue.
/// Any thread.
// why: `finished` is shared by the threads that answer, and `lock` guards it.
public final class RealTimeWork: PendingWork, @unchecked Sendable {
  // why: one flag set once; a Mutex would do as well, NSLock matches the scheduler's lock.
  private let lock = NSLock()
  private var finished = false
  private let scheduler: RealTimeScheduler
  /// What the work is.
  public let label: String

  init(label: String, scheduler: RealTimeScheduler) {
    self.label = label
    self.scheduler = scheduler
  }

  public func post(_ body: @escaping @Sendable () -> Void) {
    guard !isFinished else { return }
    scheduler.post(body)
  }

  /// Delivers the last closure; `seconds` is ignored (the clock is real).
  public func finish(afterVirtual seconds: Double, _ body: @escaping @Sendable () -> Void) {
    lock.lock()
    let first = !finished
    finished = true
    lock.unlock()
    if first { scheduler.post(body) }
  }

  private var isFinished: Bool {
    lock.lock()
    defer { lock.unlock() }
    return finished
  }
}

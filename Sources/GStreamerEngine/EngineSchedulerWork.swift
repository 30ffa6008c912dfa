import Foundation
import PlayerSeam
import Synchronization

/// A timer of `EngineScheduler`. Host thread only.
public final class EngineTimer: ScheduledTimer {
  var due: Int64
  let phase: TimerPhase
  let interval: Int64?
  let body: () -> Void
  var order = 0
  public private(set) var isCancelled = false

  init(due: Int64, phase: TimerPhase, interval: Int64?, body: @escaping () -> Void) {
    self.due = due
    self.phase = phase
    self.interval = interval
    self.body = body
  }

  public func cancel() { isCancelled = true }
}

/// Work begun on the host thread of an `EngineScheduler` and answered from any thread: its
/// closures go to the scheduler's inbox, which its `runDue()` empties in the order they arrived.
/// Any thread.
public final class EngineWork: PendingWork {
  public let label: String
  private let inbox: EngineInbox
  private let finished = Atomic<Bool>(false)

  init(label: String, inbox: EngineInbox) {
    self.label = label
    self.inbox = inbox
  }

  public func post(_ body: @escaping @Sendable () -> Void) {
    guard !finished.load(ordering: .acquiring) else { return }
    inbox.push(EngineInbox.Delivery(delay: 0, body: body))
  }

  public func finish(after seconds: Double, _ body: @escaping @Sendable () -> Void) {
    guard !finished.exchange(true, ordering: .acquiringAndReleasing) else { return }
    inbox.push(EngineInbox.Delivery(delay: seconds.isFinite ? max(0, seconds) : 0, body: body))
  }
}

/// What work delivered for the host thread, from any thread, with a wake-up for a waiting host.
// why: the host thread waits on a condition with a deadline, which Mutex does not offer.
final class EngineInbox: @unchecked Sendable {
  /// A closure for the host thread; `delay` (media seconds, the fast mode) postpones it.
  struct Delivery: Sendable {
    var delay: Double
    var body: @Sendable () -> Void
  }

  // why: `items` is touched only while the condition is locked.
  private let condition = NSCondition()
  private var items: [Delivery] = []

  func push(_ delivery: Delivery) {
    condition.lock()
    items.append(delivery)
    condition.signal()
    condition.unlock()
  }

  func takeAll() -> [Delivery] {
    condition.lock()
    defer { condition.unlock() }
    let taken = items
    items.removeAll()
    return taken
  }

  /// Blocks until something is delivered or `microseconds` pass.
  func wait(microseconds: Int64) {
    condition.lock()
    defer { condition.unlock() }
    if items.isEmpty {
      _ = condition.wait(until: Date(timeIntervalSinceNow: VirtualTime.seconds(microseconds)))
    }
  }
}

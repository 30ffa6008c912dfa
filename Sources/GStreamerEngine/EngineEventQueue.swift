import Foundation

/// The helper's events, from its reader thread to whoever waits for them, with a deadline.
/// Any thread.
// why: the waiting thread waits on a condition with a deadline, which Mutex does not offer.
final class EngineEventQueue: @unchecked Sendable {
  // why: a condition to wait on; `items` and `closed` are touched only while it is locked.
  private let condition = NSCondition()
  private var items: [EngineEvent] = []
  private var closed = false
  private let observe: @Sendable (EngineEvent) -> Void

  /// A queue that shows each event to `observe` as it is added (on the adding thread).
  init(observe: @escaping @Sendable (EngineEvent) -> Void = { _ in }) { self.observe = observe }

  /// Adds an event; after `close` nothing is added.
  func push(_ event: EngineEvent) {
    observe(event)
    condition.lock()
    if !closed { items.append(event) }
    condition.signal()
    condition.unlock()
  }

  /// Adds the last event: nothing follows it.
  func close(with event: EngineEvent) {
    condition.lock()
    if !closed { items.append(event) }
    closed = true
    condition.broadcast()
    condition.unlock()
  }

  /// Whether the last event was added and every event was read.
  var isDrained: Bool {
    condition.lock()
    defer { condition.unlock() }
    return closed && items.isEmpty
  }

  /// The next event, or nil when none came before `deadline` (at once when the queue is closed
  /// and empty).
  func pop(before deadline: Date) -> EngineEvent? {
    condition.lock()
    defer { condition.unlock() }
    while items.isEmpty {
      if closed || !condition.wait(until: deadline) { return nil }
    }
    return items.removeFirst()
  }
}

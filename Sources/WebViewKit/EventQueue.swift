import Foundation
import Synchronization

/// Events from other threads (the helper's output, the proxy's connections) for the host thread,
/// which waits for them with a deadline.
// why: the host thread waits on a condition with a deadline, which Mutex does not offer.
final class EventQueue<Element: Sendable>: @unchecked Sendable {
  // why: a condition to wait on; `items` is touched only while it is locked.
  private let condition = NSCondition()
  private var items: [Element] = []

  func push(_ item: Element) {
    condition.lock()
    items.append(item)
    condition.signal()
    condition.unlock()
  }

  /// The next element, or nil when none came before `deadline`.
  func pop(before deadline: Date) -> Element? {
    condition.lock()
    defer { condition.unlock() }
    while items.isEmpty {
      if !condition.wait(until: deadline) { return nil }
    }
    return items.removeFirst()
  }
}

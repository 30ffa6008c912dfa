import Foundation

/// Events from other threads (the helper's output, the proxy's connections) for the host thread,
/// which waits for them with a deadline.
final class EventQueue<Element>: @unchecked Sendable {
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

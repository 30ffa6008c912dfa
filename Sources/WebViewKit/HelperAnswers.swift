import Foundation

/// The helper's answers that a thread other than the host's waits for (`trusted`, to the proxy's
/// connections), matched by token; every other event goes to the host's queue.
final class HelperAnswers: @unchecked Sendable {
  /// One awaited answer.
  final class Answer: @unchecked Sendable {
    private let arrived = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var event: WebViewEvent?

    fileprivate func give(_ event: WebViewEvent) {
      lock.withLock { self.event = event }
      arrived.signal()
    }

    /// The answer, or nil when none came within `seconds` (or the helper exited: `exited`).
    func wait(seconds: Double) -> WebViewEvent? {
      guard arrived.wait(timeout: .now() + seconds) == .success else { return nil }
      return lock.withLock { event }
    }
  }

  private let lock = NSLock()
  private var next = 1
  private var waiting: [Int: Answer] = [:]

  /// A new token and the answer that will come for it.
  func expect() -> (Int, Answer) {
    lock.withLock {
      let token = next
      next += 1
      let answer = Answer()
      waiting[token] = answer
      return (token, answer)
    }
  }

  /// Stops waiting for `token`.
  func forget(_ token: Int) { lock.withLock { _ = waiting.removeValue(forKey: token) } }

  /// Hands a `trusted` event to its waiter; false for every other event.
  func deliver(_ event: WebViewEvent) -> Bool {
    guard event.type == "trusted",
      case .number(let number)? = event.fields.first(where: { $0.key == "token" })?.value
    else { return false }
    let answer = lock.withLock { waiting.removeValue(forKey: Int(exactly: number) ?? 0) }
    answer?.give(event)
    return true
  }

  /// The helper exited: every waiter gets `exited`.
  func closeAll() {
    let all = lock.withLock {
      defer { waiting.removeAll() }
      return Array(waiting.values)
    }
    for answer in all { answer.give(WebViewEvent("exited")) }
  }
}

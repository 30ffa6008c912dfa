import Foundation
import Synchronization

/// The helper's answers that a thread other than the host's waits for (`trusted`, to the proxy's
/// connections), matched by token; every other event goes to the host's queue.
final class HelperAnswers: Sendable {
  /// One awaited answer.
  final class Answer: Sendable {
    private let arrived = DispatchSemaphore(value: 0)
    private let event = Mutex<WebViewEvent?>(nil)

    fileprivate func give(_ event: WebViewEvent) {
      self.event.withLock { $0 = event }
      arrived.signal()
    }

    /// The answer, or nil when none came within `seconds` (or the helper exited: `exited`).
    func wait(seconds: Double) -> WebViewEvent? {
      guard arrived.wait(timeout: .now() + seconds) == .success else { return nil }
      return event.withLock { $0 }
    }
  }

  /// The answers awaited, by token, and the next token.
  private struct Waiting {
    var next = 1
    var answers: [Int: Answer] = [:]
  }

  private let waiting = Mutex(Waiting())

  /// A new token and the answer that will come for it.
  func expect() -> (Int, Answer) {
    waiting.withLock { waiting in
      let token = waiting.next
      waiting.next += 1
      let answer = Answer()
      waiting.answers[token] = answer
      return (token, answer)
    }
  }

  /// Stops waiting for `token`.
  func forget(_ token: Int) { waiting.withLock { _ = $0.answers.removeValue(forKey: token) } }

  /// Hands a `trusted` event to its waiter; false for every other event.
  func deliver(_ event: WebViewEvent) -> Bool {
    guard event.type == "trusted",
      case .number(let number)? = event.fields.first(where: { $0.key == "token" })?.value
    else { return false }
    let answer = waiting.withLock { $0.answers.removeValue(forKey: Int(exactly: number) ?? 0) }
    answer?.give(event)
    return true
  }

  /// The helper exited: every waiter gets `exited`.
  func closeAll() {
    let all = waiting.withLock { waiting in
      defer { waiting.answers.removeAll() }
      return Array(waiting.answers.values)
    }
    for answer in all { answer.give(WebViewEvent("exited")) }
  }
}

import Synchronization

/// A hold on the loop's clock; `release()` ends it (again does nothing). Host thread only.
public final class LoopHold {
  private let loop: HostLoop
  private let id: Int
  /// Whether the hold was released.
  public private(set) var isReleased = false

  init(loop: HostLoop, id: Int) {
    self.loop = loop
    self.id = id
  }

  /// Lets the clock advance again (as far as this hold goes).
  public func release() {
    guard !isReleased else { return }
    isReleased = true
    loop.release(id)
  }
}

/// Ends a loop's current run as `stop` does, from any thread: the loop sees it before its next
/// timer or delivery.
public struct LoopInterrupter: Sendable {
  let interruption: Interruption

  /// Asks the loop to stop, saying why.
  public func interrupt(_ reason: String) { interruption.set(reason) }
}

/// A stop asked for from another thread. The loop looks at it before every timer, so the look
/// is one relaxed atomic load; the lock is taken only when a stop was asked for.
final class Interruption: Sendable {
  private let requested = Atomic<Bool>(false)
  private let reason = Mutex<String?>(nil)

  func set(_ text: String) {
    reason.withLock { $0 = text }
    requested.store(true, ordering: .releasing)
  }

  /// The reason, once; nil when none was asked for.
  func take() -> String? {
    guard requested.load(ordering: .acquiring) else { return nil }
    return reason.withLock { reason in
      requested.store(false, ordering: .relaxed)
      defer { reason = nil }
      return reason
    }
  }
}

import Foundation

/// Work delivered from other threads (URLSession callbacks) for the host thread to run, and the
/// count of work still outstanding. Thread-safe.
final class Inbox: @unchecked Sendable {
  private let condition = NSCondition()
  private var deliveries: [(body: @Sendable () -> Void, finishes: WorkToken?)] = []
  private var outstanding: [ObjectIdentifier: String] = [:]

  func begin(_ token: WorkToken) {
    condition.lock()
    outstanding[ObjectIdentifier(token)] = token.label
    condition.unlock()
  }

  func deliver(_ body: @escaping @Sendable () -> Void, finishing token: WorkToken?) {
    condition.lock()
    deliveries.append((body, token))
    condition.signal()
    condition.unlock()
  }

  /// The labels of outstanding work, sorted.
  var outstandingLabels: [String] {
    condition.lock()
    defer { condition.unlock() }
    return outstanding.values.sorted()
  }

  var outstandingCount: Int {
    condition.lock()
    defer { condition.unlock() }
    return outstanding.count
  }

  var hasDeliveries: Bool {
    condition.lock()
    defer { condition.unlock() }
    return !deliveries.isEmpty
  }

  /// Runs what was delivered, in order, on the calling (host) thread; returns how many ran.
  @discardableResult
  func runDelivered() -> Int {
    var ran = 0
    while true {
      condition.lock()
      guard !deliveries.isEmpty else {
        condition.unlock()
        return ran
      }
      let batch = deliveries
      deliveries.removeAll()
      condition.unlock()
      for delivery in batch {
        delivery.body()
        if let token = delivery.finishes {
          condition.lock()
          outstanding[ObjectIdentifier(token)] = nil
          condition.unlock()
        }
        ran += 1
      }
    }
  }

  /// Blocks until something is delivered or the deadline passes; returns whether something was.
  func waitForDelivery(until deadline: Date) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    while deliveries.isEmpty {
      if !condition.wait(until: deadline) { return !deliveries.isEmpty }
    }
    return true
  }
}

/// Outstanding work (e.g. an HTTP request). While any token is outstanding the clock does not
/// advance. Other threads deliver results with `post`; `finish` delivers the last one and ends
/// the work once it has run on the host thread. Thread-safe.
public final class WorkToken: @unchecked Sendable {
  /// What the work is, for stall messages.
  public let label: String
  private let inbox: Inbox
  private let lock = NSLock()
  private var finished = false

  init(label: String, inbox: Inbox) {
    self.label = label
    self.inbox = inbox
  }

  /// Delivers a closure for the host thread to run; the work stays outstanding. Ignored once
  /// `finish` was called, so nothing arrives for work the loop no longer waits for.
  public func post(_ body: @escaping @Sendable () -> Void) {
    lock.lock()
    let open = !finished
    lock.unlock()
    if open { inbox.deliver(body, finishing: nil) }
  }

  /// Delivers a last closure; the work is over once it has run. Calling it again does nothing.
  public func finish(_ body: @escaping @Sendable () -> Void = {}) {
    lock.lock()
    let first = !finished
    finished = true
    lock.unlock()
    if first { inbox.deliver(body, finishing: self) }
  }
}

import Foundation
import PlayerSeam
import Synchronization

/// Work delivered from other threads (URLSession callbacks) for the host thread to run, and the
/// work still outstanding. Thread-safe.
///
/// Deliveries run in the order the work began, not the order it ended: what one piece of work
/// delivers waits until every piece begun before it has finished. The clock is stopped while
/// work is outstanding, so this costs no virtual time, and a run's log is the same whatever the
/// network's latencies.
// why: the host thread waits on a condition with a deadline (Mutex has none); `deferral` is host-only.
final class Inbox: @unchecked Sendable {
  private struct Delivery {
    let body: @Sendable () -> Void
    let sequence: Int
    let finishes: Bool
    /// Virtual microseconds after its delivery that the body runs (see `WorkToken.finish`).
    let delay: Int64
  }

  /// Schedules a delivery's body `delay` virtual microseconds later; set by the loop, called on
  /// the host thread only.
  var deferral: ((Int64, @escaping @Sendable () -> Void) -> Void)?

  // why: a condition to wait on; the properties below it are touched only while it is locked.
  private let condition = NSCondition()
  /// Deliveries by their work's sequence number, each work's in the order they came.
  private var deliveries: [Int: [Delivery]] = [:]
  /// Outstanding work by sequence number, with its label.
  private var outstanding: [Int: String] = [:]
  private var nextSequence = 0
  /// No work below this sequence number is outstanding (it only grows: finding the oldest
  /// outstanding work is constant work on average, however much is outstanding).
  private var oldestCandidate = 0
  /// Works and deliveries looked at to find the next delivery (the tests' measure of the work).
  private(set) var steps = 0

  /// Registers new work and returns its sequence number.
  func begin(label: String) -> Int {
    condition.lock()
    defer { condition.unlock() }
    let sequence = nextSequence
    nextSequence += 1
    outstanding[sequence] = label
    return sequence
  }

  func deliver(_ body: @escaping @Sendable () -> Void, sequence: Int, finishes: Bool, delay: Int64 = 0) {
    condition.lock()
    deliveries[sequence, default: []].append(
      Delivery(body: body, sequence: sequence, finishes: finishes, delay: delay))
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

  /// Whether a delivery may run now (its work is the oldest outstanding, or older).
  var hasDeliveries: Bool {
    condition.lock()
    defer { condition.unlock() }
    return nextRunnable() != nil
  }

  /// The sequence number of the work whose first delivery may run: the oldest outstanding
  /// work's (a finished work delivers nothing more); lock held.
  private func nextRunnable() -> Int? {
    steps += 1
    while oldestCandidate < nextSequence && outstanding[oldestCandidate] == nil {
      steps += 1
      oldestCandidate += 1
    }
    guard oldestCandidate < nextSequence else { return deliveries.keys.min() }
    return deliveries[oldestCandidate] == nil ? nil : oldestCandidate
  }

  /// Runs what may run, in order, on the calling (host) thread; returns how many ran.
  @discardableResult
  func runDelivered() -> Int {
    var ran = 0
    while true {
      condition.lock()
      guard let sequence = nextRunnable(), var queue = deliveries[sequence], !queue.isEmpty else {
        condition.unlock()
        return ran
      }
      let delivery = queue.removeFirst()
      deliveries[sequence] = queue.isEmpty ? nil : queue
      condition.unlock()
      if delivery.delay > 0, let deferral {
        deferral(delivery.delay, delivery.body)
      } else {
        delivery.body()
      }
      if delivery.finishes {
        condition.lock()
        outstanding[delivery.sequence] = nil
        condition.unlock()
      }
      ran += 1
    }
  }

  /// Blocks until something may run or the deadline passes; returns whether something may.
  func waitForDelivery(until deadline: Date) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    while nextRunnable() == nil {
      if !condition.wait(until: deadline) { return nextRunnable() != nil }
    }
    return true
  }
}

/// Outstanding work (e.g. an HTTP request). While any token is outstanding the clock does not
/// advance. Other threads deliver results with `post`; `finish` delivers the last one and ends
/// the work once it has run on the host thread. Any thread.
public final class WorkToken: Sendable {
  /// What the work is, for stall messages.
  public let label: String
  private let inbox: Inbox
  private let sequence: Int
  private let finished = Mutex(false)

  init(label: String, inbox: Inbox) {
    self.label = label
    self.inbox = inbox
    sequence = inbox.begin(label: label)
  }

  /// Delivers a closure for the host thread to run; the work stays outstanding. Ignored once
  /// `finish` was called, so nothing arrives for work the loop no longer waits for.
  public func post(_ body: @escaping @Sendable () -> Void) {
    let open = finished.withLock { !$0 }
    if open { inbox.deliver(body, sequence: sequence, finishes: false) }
  }

  /// Delivers a last closure; the work is over once it has run. Calling it again does nothing.
  ///
  /// With `after` above 0 (the virtual seconds injected faults made the work take), the
  /// work is over once delivered and `body` runs that much later on the virtual clock: the clock
  /// moves on meanwhile, and a hold that waits for it does not stall the loop.
  public func finish(after seconds: Double = 0, _ body: @escaping @Sendable () -> Void = {}) {
    let first = finished.withLock { finished in
      defer { finished = true }
      return !finished
    }
    let delay = seconds > 0 ? max(1, VirtualTime.micros(seconds)) : 0
    if first { inbox.deliver(body, sequence: sequence, finishes: true, delay: delay) }
  }
}

import CheckedNumbers
import Foundation
import PlayerSeam

/// The host loop of a real engine: one host thread (the one that calls `run`), time on the
/// monotonic clock from the scheduler's start, timers and work answered from any thread. Unlike
/// the headless `HostLoop`, its clock never waits for outstanding work (`realTime` is true).
/// Timers, `after` and `beginWork` on the host thread; `post` and `stop` from any thread.
/// Any thread.
// why: its queue and timers are shared with the threads that post and stop; `condition` guards them.
public final class RealTimeScheduler: IntegrationScheduler, @unchecked Sendable {
  // why: a lock and a wait for the next timer or posted closure in one; a Mutex cannot wait.
  private let condition = NSCondition()
  private var queue: [() -> Void] = []
  private var timers: [RealTimeTimer] = []
  private var nextSequence = 0
  private var stopped = false
  private let startNanos = DispatchTime.now().uptimeNanoseconds

  /// A scheduler whose clock starts now.
  public init() {}

  /// Time passes on the (monotonic) wall clock.
  public var realTime: Bool { true }

  /// Microseconds since the scheduler was made, on the monotonic clock.
  public var nowMicros: Int64 {
    Int64(clamping: (DispatchTime.now().uptimeNanoseconds &- startNanos) / 1000)
  }

  /// Seconds since the scheduler was made.
  public var now: Double { Double(nowMicros) / 1e6 }

  @discardableResult
  public func after(_ seconds: Double, _ body: @escaping () -> Void) -> RealTimeTimer {
    afterMicros(Self.micros(seconds), phase: .work, body)
  }

  @discardableResult
  public func afterMicros(_ micros: Int64, phase: TimerPhase, _ body: @escaping () -> Void) -> RealTimeTimer {
    schedule(RealTimeTimer(due: nowMicros &+ max(0, micros), phase: phase, interval: nil, body: body))
  }

  @discardableResult
  public func every(_ seconds: Double, _ body: @escaping () -> Void) -> RealTimeTimer {
    let interval = max(1, Self.micros(seconds))
    return schedule(RealTimeTimer(due: nowMicros &+ interval, phase: .work, interval: interval, body: body))
  }

  public func beginWork(_ label: String) -> RealTimeWork { RealTimeWork(label: label, scheduler: self) }

  /// Hands `body` to the host thread (any thread).
  public func post(_ body: @escaping () -> Void) {
    condition.lock()
    queue.append(body)
    condition.signal()
    condition.unlock()
  }

  /// Makes `run` return once the closure it runs now is done (any thread).
  public func stop() {
    condition.lock()
    stopped = true
    condition.signal()
    condition.unlock()
  }

  /// Runs posted closures and due timers on the calling thread, which becomes the host thread,
  /// until `stop`. Posted closures run first, in order; then due timers, `work` before
  /// `userAction`, each by time and order.
  public func run() {
    while let body = next() { body() }
  }

  private func next() -> (() -> Void)? {
    condition.lock()
    defer { condition.unlock() }
    while !stopped {
      if !queue.isEmpty { return queue.removeFirst() }
      timers.removeAll { $0.isCancelled }
      let now = nowMicros
      // Of the timers due by now, `work` ones before viewers' actions (as on the virtual clock).
      if let due = timers.filter({ $0.due <= now }).min(by: Self.firesBefore) { return fire(due) }
      guard let first = timers.min(by: { ($0.due, $0.sequence) < ($1.due, $1.sequence) }) else {
        condition.wait()
        continue
      }
      _ = condition.wait(until: Date(timeIntervalSinceNow: Double(first.due - now) / 1e6))
    }
    return nil
  }

  /// Takes a due timer out (or sets a repeating one's next time) and answers what it runs.
  private func fire(_ timer: RealTimeTimer) -> () -> Void {
    if let interval = timer.interval {
      timer.due += interval
      nextSequence += 1
      timer.sequence = nextSequence
    } else {
      timers.removeAll { $0 === timer }
      timer.fired = true
    }
    return timer.body
  }

  private func schedule(_ timer: RealTimeTimer) -> RealTimeTimer {
    condition.lock()
    nextSequence += 1
    timer.sequence = nextSequence
    timers.append(timer)
    condition.signal()
    condition.unlock()
    return timer
  }

  private static func firesBefore(_ a: RealTimeTimer, _ b: RealTimeTimer) -> Bool {
    (a.phase.rawValue, a.due, a.sequence) < (b.phase.rawValue, b.due, b.sequence)
  }

  private static func micros(_ seconds: Double) -> Int64 {
    Int64.checked(seconds * 1e6, rounding: .toNearestOrAwayFromZero) ?? (seconds > 0 ? .max : 0)
  }
}

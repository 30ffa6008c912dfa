import Foundation
import HTTPKit
import PlayerSeam

/// How work started with `startWork` takes the latency of the requests it makes.
public enum WorkLatency: Sendable {
  /// The work gets a latency of its own: on a virtual clock, injected delays, timeouts and
  /// retries take virtual time (never slept) and the completion runs that much later. The usual
  /// case: a request whose answer the host waits for.
  case delaysCompletion
  /// A latency of its own, as `delaysCompletion`, but the completion runs once the work is done:
  /// nothing waits for this work (a beacon), so its virtual time moves nothing on.
  case notAwaited
  /// No latency of its own: the work is part of a request already under way (a transport's log
  /// entry), whose latency its requests add to; the completion runs once the work is done.
  case enclosing
}

extension IntegrationScheduler {
  /// Starts work labelled `label` (for stall messages) that another thread answers: `start` runs
  /// now and gets `done`, to call once from any thread with the work's outcome; `completion` gets
  /// that outcome on the host thread. The clock counts the work as outstanding until then.
  ///
  /// This is the one place the host's requests meet its clock. Whether time is virtual is the
  /// scheduler's (`realTime`): on a virtual clock the requests `start` makes report injected
  /// delays to a `VirtualLatency` (as `latency` says) instead of sleeping, and in real time they
  /// are real waits. Returns the work, for a caller that may have to end it early (`finish()`).
  @discardableResult
  public func startWork<Value: Sendable>(
    _ label: String, latency: WorkLatency = .delaysCompletion,
    _ start: (_ done: @escaping @Sendable (Value) -> Void) -> Void,
    completion: @escaping (Value) -> Void
  ) -> Work {
    let work = beginWork(label)
    let deliver = HostThreadOnly(completion)
    let own = latency == .enclosing || realTime ? nil : VirtualLatency()
    let delays = latency == .delaysCompletion
    let done: @Sendable (Value) -> Void = { value in
      work.finish(after: delays ? own?.seconds ?? 0 : 0) { deliver.value(value) }
    }
    if let own { VirtualLatency.$current.withValue(own) { start(done) } } else { start(done) }
    return work
  }

  /// Runs `body` with a latency of its own bound on a virtual clock, so that the requests it
  /// starts (and work started later awaits, as `.notAwaited`) take injected delays in virtual
  /// time, never slept.
  public func withOwnLatency<Value>(_ body: () throws -> Value) rethrows -> Value {
    guard !realTime else { return try body() }
    return try VirtualLatency.$current.withValue(VirtualLatency(), operation: body)
  }

  /// Runs `body` on the host thread at the virtual time of now: the clock waits for it. Any
  /// thread (a transport logging the request it is sending, whose answer the clock waits for).
  public func runNow(_ label: String, _ body: @escaping @Sendable () -> Void) {
    beginWork(label).finish(body)
  }

  /// Sends `request` through `client` as work labelled `label` (`startWork`); `completion` gets
  /// the outcome on the host thread, after the request's virtual latency on a virtual clock.
  @discardableResult
  public func request(
    _ request: HTTPRequest, via client: HTTPClient, label: String,
    completion: @escaping (Result<HTTPResponse, HTTPError>) -> Void
  ) -> Work {
    startWork(label, { done in client.send(request) { done($0) } }, completion: completion)
  }
}

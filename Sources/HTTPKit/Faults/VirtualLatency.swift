import CheckedNumbers
import Foundation
import Synchronization

/// The virtual time an exchange (or several in a row) took, as injected faults decide it.
///
/// A host on a virtual clock binds one to `VirtualLatency.current` while it starts work; a
/// `FaultTransport` then adds its delays here instead of waiting on the wall clock, and the host
/// delivers the work's answer that many virtual seconds later. Unbound (real time, or a program
/// without a virtual clock), delays are real waits. Any thread.
public final class VirtualLatency: Sendable {
  private let total = Mutex(0.0)
  private let base: Double

  /// The latency the current task (or synchronous scope) reports to, if any.
  @TaskLocal public static var current: VirtualLatency?

  /// An empty latency.
  public init() { base = 0 }

  private init(base: Double) { self.base = base }

  /// The seconds added so far.
  public var seconds: Double { total.withLock { $0 } }

  /// The seconds since the outermost work began: those of the work this one runs alongside
  /// other work within, then its own.
  public var elapsed: Double { base + seconds }

  /// Adds `seconds` (ignored when not above 0).
  public func add(_ seconds: Double) {
    guard seconds > 0, seconds.isFinite else { return }
    total.withLock { $0 += seconds }
  }

  /// Runs `body` with its own latency bound (work done alongside other work: the caller adds the
  /// longest of the parallel latencies, not their sum), and returns its result and latency.
  public static func measuring<Value: Sendable>(
    _ body: () async -> Value
  ) async -> (value: Value, seconds: Double) {
    guard let current else { return (await body(), 0) }
    let own = VirtualLatency(base: current.elapsed)
    let value = await $current.withValue(own) { await body() }
    return (value, own.seconds)
  }

  /// Runs `body` for each element concurrently, each under its own latency when one is bound,
  /// then adds the longest of their latencies to the current one; results in input order.
  public static func concurrently<Element: Sendable, Value: Sendable>(
    _ elements: [Element], _ body: @escaping @Sendable (Element) async -> Value
  ) async -> [Value] {
    let outcomes = await withTaskGroup(of: (Int, Value, Double).self) { group in
      for (index, element) in elements.enumerated() {
        group.addTask {
          let (value, seconds) = await measuring { await body(element) }
          return (index, value, seconds)
        }
      }
      var outcomes: [(Int, Value, Double)] = []
      for await outcome in group { outcomes.append(outcome) }
      return outcomes.sorted { $0.0 < $1.0 }
    }
    current?.add(outcomes.map(\.2).max() ?? 0)
    return outcomes.map(\.1)
  }

  /// Waits `seconds`: adds them to the current latency when one is bound, else sleeps.
  public static func wait(_ seconds: Double) async {
    guard seconds > 0 else { return }
    if let current {
      current.add(seconds)
    } else {
      try? await Task.sleep(nanoseconds: UInt64.checked(min(seconds, 3600) * 1e9, rounding: .down) ?? 0)
    }
  }
}

import Foundation

/// Runs `body` on a thread of its own and returns what it returns, as an app runs its host loop:
/// the loop blocks its thread while it waits for I/O, and the VAST client's work runs as Swift
/// tasks, so the loop must not hold a thread of the cooperative pool (the tests themselves run on
/// one). The CLI's own `onOwnThread` does the same for its commands.
public func onOwnThread<Value: Sendable>(
  _ body: @escaping @Sendable () throws -> Value
) async throws -> Value {
  try await withCheckedThrowingContinuation { continuation in
    let thread = Thread { continuation.resume(with: Result { try body() }) }
    thread.stackSize = 8 << 20
    thread.start()
  }
}

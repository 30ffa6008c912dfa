import Foundation

/// Runs `body` on a thread of its own, as an app runs its host loop: the loop blocks its thread
/// while it waits for I/O, and the VAST client's work runs as Swift tasks, so the loop must not
/// hold a thread of the tasks' pool (the tests themselves run on one).
func onOwnThread<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
  try await withCheckedThrowingContinuation { continuation in
    let thread = Thread {
      do {
        continuation.resume(returning: try body())
      } catch {
        continuation.resume(throwing: error)
      }
    }
    thread.stackSize = 8 << 20
    thread.start()
  }
}

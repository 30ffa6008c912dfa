import Foundation

/// Runs `body` on a thread of its own and returns what it returns: a host's loop blocks its
/// thread while it waits for I/O, which a task of the cooperative pool must not do. (The CLI's
/// own `onOwnThread`, which these bridge tests do not import, does the same for its commands.)
func onOwnThread<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
  try await withCheckedThrowingContinuation { continuation in
    let thread = Thread { continuation.resume(with: Result { try body() }) }
    thread.stackSize = 8 << 20
    thread.start()
  }
}

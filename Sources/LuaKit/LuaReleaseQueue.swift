import Synchronization

/// Registry slots whose Swift owners (`LuaReference`, `LuaCoroutine`) are gone, waiting for the
/// thread that uses the state to free them. Thread-safe.
///
/// A Swift owner can be dropped on any thread: a closure that captured a `LuaFunction` is often
/// released by the URLSession or Swift concurrency thread that ran it, after the host thread has
/// moved on. Freeing the slot there (`luaL_unref`) would write the registry and the main Lua
/// thread's stack while the host thread runs Lua — a data race that corrupts the state (it shows
/// as "unprotected Lua error: attempt to call a nil value", or as a double free). So a drop only
/// queues the slot, and the state frees what is queued at its next entry
/// (`LuaState.releaseDropped`), on the thread that uses it.
final class LuaReleaseQueue: Sendable {
  private struct Dropped {
    var references: [Int32] = []
    /// Anchors of host coroutines, with their thread (as a bit pattern).
    var coroutines: [(thread: Int, anchor: Int32)] = []
  }

  private let dropped = Mutex(Dropped())
  /// How many slots are queued: read without the lock at every entry.
  private let count = Atomic<Int>(0)

  /// Queues the registry slot `reference` (from any thread).
  func drop(reference: Int32) {
    guard reference >= 0 else { return }
    dropped.withLock { $0.references.append(reference) }
    count.add(1, ordering: .releasing)
  }

  /// Queues the anchor of the host coroutine running on `thread` (from any thread).
  func drop(coroutine thread: OpaquePointer, anchor: Int32) {
    guard anchor >= 0 else { return }
    dropped.withLock { $0.coroutines.append((Int(bitPattern: thread), anchor)) }
    count.add(1, ordering: .releasing)
  }

  /// Whether anything is queued.
  var isEmpty: Bool { count.load(ordering: .acquiring) == 0 }

  /// Takes everything queued.
  func take() -> (references: [Int32], coroutines: [(thread: OpaquePointer, anchor: Int32)]) {
    let taken = dropped.withLock { queued in
      defer { queued = Dropped() }
      return queued
    }
    count.subtract(taken.references.count + taken.coroutines.count, ordering: .relaxed)
    let coroutines = taken.coroutines.compactMap { entry in
      OpaquePointer(bitPattern: entry.thread).map { (thread: $0, anchor: entry.anchor) }
    }
    return (taken.references, coroutines)
  }
}

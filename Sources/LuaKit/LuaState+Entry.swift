import CLua
import CLuaShim
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

extension LuaState {
  /// Runs `body`, an entry from Swift into Lua (a call, a resume, a collection), on the thread
  /// that uses the state: first frees the registry slots of references dropped since the last
  /// entry, on any thread (see `LuaReleaseQueue`).
  ///
  /// A state is used by one thread at a time: entering it on a second thread while another is
  /// inside it (nested entries on one thread are fine) is a LuaKit bug that would corrupt it, and
  /// stops the process with a message that says so instead.
  func entering<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
    let thread = currentThreadID
    let (entered, inside) = occupant.compareExchange(
      expected: 0, desired: thread, ordering: .acquiringAndReleasing)
    precondition(
      entered || inside == thread,
      "LuaKit: a Lua state entered on two threads at once (a state is used by one thread at a time)")
    entryDepth += 1
    defer {
      entryDepth -= 1
      if entryDepth == 0 { occupant.store(0, ordering: .releasing) }
    }
    releaseDropped()
    return try body()
  }

  /// Frees the registry slots of references and host coroutines dropped since the last call.
  /// Only on the thread that uses the state.
  func releaseDropped() {
    guard !releases.isEmpty else { return }
    let (references, coroutines) = releases.take()
    for (thread, anchor) in coroutines {
      // The thread is anchored until now, so no new coroutine can have its address yet.
      if hostCoroutines[thread]?.object == nil { hostCoroutines[thread] = nil }
      luaL_unref(L, lk_registryindex(), anchor)
    }
    for reference in references { luaL_unref(L, lk_registryindex(), reference) }
  }
}

/// The calling thread's identity, never 0.
private var currentThreadID: UInt {
  #if canImport(Glibc)
    UInt(pthread_self())
  #else
    UInt(bitPattern: pthread_self())
  #endif
}

import CLua
import CLuaShim

/// The threads of host coroutines, reused: a callback whose function returns without waiting
/// leaves its thread as a new one (status OK, empty stack, no call under way), so the next
/// callback runs on it instead of making a thread, which Lua would later collect. Most plugin
/// callbacks (event listeners, timers) never wait, and a thread costs more than a call.
///
/// A thread is reused only when nothing else can see it: it returned (one that failed or still
/// waits is not), and no Lua code asked for a thread's handle (`coroutine.running`) while it ran,
/// so no handle of it outlives its callback — a finished callback's thread stays "dead" to Lua.
extension LuaState {
  /// How many finished threads are kept: nested callbacks each take one.
  static let idleThreadLimit = 8

  /// A thread for a new host coroutine, anchored in the registry (the anchor is its owner's to
  /// free), ready as `lua_newthread` would make it.
  func takeThread() -> (thread: OpaquePointer, anchor: Int32) {
    if let idle = idleThreads.popLast() {
      lk_reuse_thread(L, idle.thread)
      return idle
    }
    let thread: OpaquePointer = lua_newthread(L)
    threadsMade += 1
    return (thread, luaL_ref(L, lk_registryindex()))
  }

  /// How many times Lua code was given a thread's handle: a coroutine that started before the
  /// last one may be seen by Lua.
  var threadsShown: UInt64 { context.pointee.threads_shown }

  /// Keeps the anchored `thread` of a host coroutine that returned, for the next; false when the
  /// pool is full (the caller frees the anchor).
  func keepIdle(_ thread: OpaquePointer, anchor: Int32) -> Bool {
    guard idleThreads.count < Self.idleThreadLimit else { return false }
    idleThreads.append((thread, anchor))
    return true
  }
}

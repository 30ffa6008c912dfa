import CLua
import CLuaShim

/// Plugin code run in a Lua coroutine by the host, so that a Swift function can suspend it
/// (`LuaCall.suspend()`) and the host can resume it later with a result — how waiting for HTTP
/// or a timer looks synchronous to Lua without blocking the host. Host thread only.
public final class LuaCoroutine {
  /// Where a coroutine stands.
  public enum Status: Sendable {
    case running
    /// Waiting for the host to resume it.
    case suspended
    case finished
    case failed
  }

  /// What a start or resume came to.
  public enum Outcome {
    case finished([LuaValue])
    case suspended
    case failed(LuaError)
  }

  weak var state: LuaState?
  let thread: OpaquePointer
  private var anchor: Int32
  /// Where the anchor goes when this object does, on whatever thread (see `LuaReleaseQueue`).
  private let releases: LuaReleaseQueue
  /// Where the coroutine stands.
  public private(set) var status: Status = .suspended
  /// Whether the host asked for the yield under way (`LuaCall.suspend()`): a yield it did not
  /// ask for (the plugin's own `coroutine.yield()`) would never be resumed, so it fails the
  /// coroutine instead.
  var suspendAsked = false

  /// `threadsShown` when the coroutine started: if it moved, Lua may hold this thread's handle.
  private let shownAtStart: UInt64

  init(state: LuaState) {
    self.state = state
    releases = state.releases
    (thread, anchor) = state.takeThread()
    shownAtStart = state.threadsShown
  }

  deinit { releases.drop(coroutine: thread, anchor: anchor) }

  /// Frees the anchor now, on the thread that runs the coroutine; or, when the coroutine
  /// `returned` and Lua cannot hold its thread, gives the thread to the state for the next.
  private func release(returned: Bool) {
    guard anchor != LUA_NOREF else { return }
    if let state {
      state.hostCoroutines[thread] = nil
      let reused = returned && state.threadsShown == shownAtStart && state.keepIdle(thread, anchor: anchor)
      if !reused { luaL_unref(state.L, lk_registryindex(), anchor) }
    }
    anchor = LUA_NOREF
  }

  /// Resumes a suspended coroutine; `values` become the results of the call that suspended it.
  public func resume(_ values: [LuaValue] = []) -> Outcome {
    guard let state, status == .suspended else {
      return .failed(LuaError(.runtime, "cannot resume a coroutine that is not suspended"))
    }
    return state.entering {
      for value in values { state.push(value, on: thread) }
      return run(arguments: Int32(values.count), state: state)
    }
  }

  fileprivate func run(arguments: Int32, state: LuaState) -> Outcome {
    status = .running
    var resultCount: Int32 = 0
    let result = lk_resume(thread, nil, arguments, &resultCount)
    switch result {
    case LUA_YIELD:
      guard suspendAsked else { return unaskedYield(state: state) }
      suspendAsked = false
      lua_settop(thread, 0)
      status = .suspended
      return .suspended
    case LUA_OK:
      var results: [LuaValue] = []
      var failure: LuaError?
      for index in stride(from: 1, through: lua_gettop(thread), by: 1) {
        do {
          results.append(try state.value(at: index, on: thread))
        } catch {
          failure = error
        }
      }
      lua_settop(thread, 0)
      status = failure == nil ? .finished : .failed
      release(returned: true)
      return failure.map { .failed($0) } ?? .finished(results)
    default:
      // Describe the error value on the main thread (a failed coroutine cannot run code), with
      // the place read from the coroutine's stack, which a failure leaves as it was.
      lua_pushvalue(thread, -1)
      lua_xmove(thread, state.L, 1)
      lk_describe_error(state.L, thread, 0)
      var error = state.failure(status: result, on: state.L, traceback: false)
      lk_pop(state.L, 1)
      // The stack of a coroutine that failed is not unwound: take its traceback now.
      luaL_traceback(state.L, thread, nil, 0)
      error.traceback = state.stringValue(at: -1, on: state.L).stringValue
      lk_pop(state.L, 1)
      lua_settop(thread, 0)
      status = .failed
      release(returned: false)
      return .failed(error)
    }
  }
}

extension LuaCoroutine {
  /// Fails a coroutine that yielded without the host asking (`coroutine.yield()` in a callback
  /// the host runs): nothing would ever resume it, and the rest of the callback would silently
  /// never run. The error names the Lua line that yielded, with a traceback.
  fileprivate func unaskedYield(state: LuaState) -> Outcome {
    // Level 0 is `coroutine.yield` itself; the place is the first Lua line above it.
    lk_push_where(thread)
    let place = state.stringValue(at: -1, on: thread).stringValue ?? ""
    lk_pop(thread, 1)
    luaL_traceback(state.L, thread, nil, 0)
    let traceback = state.stringValue(at: -1, on: state.L).stringValue
    lk_pop(state.L, 1)
    lua_settop(thread, 0)
    status = .failed
    release(returned: false)
    let message =
      "\(place)coroutine.yield() outside a coroutine of the plugin's own: the host runs this callback "
      + "and did not ask it to wait, so nothing would resume it (yield inside coroutine.wrap or "
      + "coroutine.create, or wait with http or vast)"
    return .failed(LuaError(.runtime, message, traceback: traceback))
  }
}

extension LuaState {
  /// Starts `function` with `arguments` in a new coroutine; it runs until it finishes, fails or
  /// a Swift function suspends it.
  public func startCoroutine(
    _ function: LuaFunction, _ arguments: [LuaValue] = []
  ) -> (LuaCoroutine, LuaCoroutine.Outcome) {
    entering {
      let coroutine = LuaCoroutine(state: self)
      hostCoroutines[coroutine.thread] = Weak(object: coroutine)
      function.push(on: coroutine.thread)
      for argument in arguments { push(argument, on: coroutine.thread) }
      return (coroutine, coroutine.run(arguments: Int32(arguments.count), state: self))
    }
  }
}

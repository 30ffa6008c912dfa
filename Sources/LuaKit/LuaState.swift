import CLua
import CLuaShim
import Synchronization

/// One Lua 5.4 state with budgets, owned by Swift. Not thread-safe: use it from one thread at a
/// time. Everything Lua runs goes through protected calls, and Lua errors never jump across Swift.
/// Host thread only.
public final class LuaState {
  /// The raw state, for the C shim and Swift functions.
  let L: OpaquePointer
  let context: UnsafeMutablePointer<lk_context>
  /// Metatables of registered Swift types, by type.
  var objectTypes: [ObjectIdentifier: RegisteredObjectType] = [:]
  /// Coroutines the host started and may resume, by thread.
  var hostCoroutines: [OpaquePointer: Weak<LuaCoroutine>] = [:]
  /// Host coroutines' threads that finished and wait, anchored, to run the next (`takeThread`).
  var idleThreads: [(thread: OpaquePointer, anchor: Int32)] = []
  /// Threads made for host coroutines (a work count, for tests and benches: most are reused).
  public internal(set) var threadsMade = 0
  /// Registry slots dropped by Swift owners, on any thread, for the state to free.
  let releases = LuaReleaseQueue()
  /// The thread inside the state (entered from Swift and not yet back), or 0.
  let occupant = Atomic<UInt>(0)
  /// How deep the occupant has entered.
  var entryDepth = 0
  /// Receives what Lua's `print` writes in sandboxes made by this state.
  public var printHandler: (String) -> Void = { Swift.print($0) }
  /// The clock sandboxes made by this state read (`os.time`, `os.date`, `os.clock`): the
  /// machine's unless the embedder gives its own.
  public var clock: LuaClock = .system
  /// Compiled chunks this state shares with others of the same run (`LuaChunkCache`): the
  /// files it loads (`loadFile`, `require`) and the sandbox's prelude are compiled once per
  /// cache. Nil: every load compiles.
  public var chunkCache: LuaChunkCache?

  /// The budgets in force; changes apply from the next call.
  public var limits: LuaLimits {
    didSet { applyLimits() }
  }
  /// Called when a call fails because the run's budget (`LuaLimits.secondsPerRun`) is spent:
  /// the embedder's chance to end the run (every later call fails the same way).
  public var runBudgetSpent: (() -> Void)?

  /// A new state with the standard libraries the sandbox draws from (no `io`, `debug`, `package`).
  public init(limits: LuaLimits = LuaLimits()) throws(LuaError) {
    Self.installSwiftHooks
    context = UnsafeMutablePointer<lk_context>.allocate(capacity: 1)
    context.initialize(to: lk_context())
    guard let state = lk_newstate(context) else {
      context.deallocate()
      throw LuaError(.memoryBudget, "cannot create a Lua state: out of memory")
    }
    L = state
    self.limits = limits
    context.pointee.host = Unmanaged.passUnretained(self).toOpaque()
    applyLimits()
    openStandardLibraries()
  }

  deinit {
    lk_close(L)
    context.deallocate()
  }

  private func applyLimits() {
    context.pointee.limit = limits.memoryBytes > 0 ? size_t(limits.memoryBytes) : 0
    context.pointee.instruction_limit = Int64(max(0, limits.instructionsPerCall))
    context.pointee.time_limit = max(0, limits.secondsPerCall)
    context.pointee.run_time_limit = max(0, limits.secondsPerRun)
  }

  private func openStandardLibraries() {
    let libraries: [(String, lua_CFunction)] = [
      ("_G", luaopen_base), ("string", luaopen_string), ("table", luaopen_table),
      ("math", luaopen_math), ("utf8", luaopen_utf8), ("coroutine", luaopen_coroutine),
      ("os", luaopen_os),
    ]
    for (name, open) in libraries {
      luaL_requiref(L, name, open, 1)
      lk_pop(L, 1)
    }
    lk_install_budgeted_patterns(L)
    lk_install_budgeted_loops(L)
    lk_install_counted_running(L)
  }

  /// The raw `lua_State`, for C code that binds itself (benchmarks, C libraries). Anything run
  /// through it must keep LuaKit's rule: Lua code only under protected calls.
  public var rawState: OpaquePointer { L }

  /// Bytes Lua holds now.
  public var memoryInUse: Int { Int(context.pointee.used) }
  /// The most bytes Lua has held at once.
  public var peakMemory: Int { Int(context.pointee.peak) }

  /// Runs a full garbage collection.
  public func collectGarbage() {
    // Finalizers are Lua code.
    entering { lk_gc_collect(L) }
  }

  /// The state that owns a raw state (from its context).
  static func owner(of L: OpaquePointer) -> LuaState {
    // The host pointer is set in init, before any Swift function can run.
    guard let host = lk_context_of(L)?.pointee.host else { fatalError("LuaKit: a state without owner") }
    return Unmanaged<LuaState>.fromOpaque(host).takeUnretainedValue()
  }
}

/// A weak reference, for tables of objects that must not be kept alive by the table.
struct Weak<Object: AnyObject> {
  weak var object: Object?
}

import Foundation

/// The clock the sandbox's `os.time`, `os.date` and `os.clock` read: the embedder's, so that a
/// host running on a clock of its own (a virtual one) gives plugins that clock and not the
/// machine's. Set `LuaState.clock` before plugin code reads the time; it is read at every call.
public struct LuaClock {
  /// The date now, in seconds since 1970-01-01T00:00:00Z: `os.time()` (whole seconds, rounded
  /// down) and the time `os.date(format)` formats.
  public var now: () -> Double
  /// The seconds `os.clock()` returns.
  public var elapsed: () -> Double

  /// A clock reading `now` and `elapsed`.
  public init(now: @escaping () -> Double, elapsed: @escaping () -> Double) {
    self.now = now
    self.elapsed = elapsed
  }

  /// The machine's clock, LuaKit's default: the wall clock, and for `os.clock` the CPU time the
  /// process has used (what Lua's own `os.clock` returns).
  public static var system: LuaClock {
    LuaClock(now: { Date().timeIntervalSince1970 }, elapsed: { Double(clock()) / Double(CLOCKS_PER_SEC) })
  }
}

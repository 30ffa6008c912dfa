/// The budgets a state enforces on the Lua code it runs.
public struct LuaLimits: Sendable, Equatable {
  /// Bytes the state may hold at once, with what the host keeps on its code's behalf
  /// (`LuaState.holdHostMemory`); 0 for no budget. Default 64 MiB.
  public var memoryBytes: Int
  /// Lua VM instructions one host-to-Lua call may run (nested calls share it); 0 for none.
  /// Checked every 1,000 instructions.
  public var instructionsPerCall: Int
  /// Wall-clock seconds one host-to-Lua call may run; 0 for none.
  public var secondsPerCall: Double
  /// Seconds all host-to-Lua calls of the state's life may run together, on the clock of
  /// `secondsPerCall` (time inside calls; time between calls, waiting, is not counted); 0 for
  /// none. Once spent, every call fails at its first instruction. Default 60.
  public var secondsPerRun: Double

  /// Budgets with the defaults: 64 MiB, 100 million instructions and 5 seconds per call, and 60
  /// seconds in all calls.
  public init(
    memoryBytes: Int = 64 << 20, instructionsPerCall: Int = 100_000_000, secondsPerCall: Double = 5,
    secondsPerRun: Double = 60
  ) {
    self.memoryBytes = memoryBytes
    self.instructionsPerCall = instructionsPerCall
    self.secondsPerCall = secondsPerCall
    self.secondsPerRun = secondsPerRun
  }

  /// No budgets at all (for trusted code and benchmarks).
  public static let none = LuaLimits(
    memoryBytes: 0, instructionsPerCall: 0, secondsPerCall: 0, secondsPerRun: 0)
}

/// The budgets a state enforces on the Lua code it runs.
public struct LuaLimits: Sendable, Equatable {
  /// Bytes the state may hold at once; 0 for no budget. Default 64 MiB.
  public var memoryBytes: Int
  /// Lua VM instructions one host-to-Lua call may run (nested calls share it); 0 for none.
  /// Checked every 1,000 instructions.
  public var instructionsPerCall: Int
  /// Wall-clock seconds one host-to-Lua call may run; 0 for none.
  public var secondsPerCall: Double

  /// Budgets with the defaults: 64 MiB, 100 million instructions and 5 seconds per call.
  public init(
    memoryBytes: Int = 64 << 20, instructionsPerCall: Int = 100_000_000, secondsPerCall: Double = 5
  ) {
    self.memoryBytes = memoryBytes
    self.instructionsPerCall = instructionsPerCall
    self.secondsPerCall = secondsPerCall
  }

  /// No budgets at all (for trusted code and benchmarks).
  public static let none = LuaLimits(memoryBytes: 0, instructionsPerCall: 0, secondsPerCall: 0)
}

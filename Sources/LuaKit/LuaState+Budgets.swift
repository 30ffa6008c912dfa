import CLuaShim

extension LuaState {
  /// Seconds the state's calls have run in all, on the clock of the per-call time budget (time
  /// between calls is not counted): what `LuaLimits.secondsPerRun` limits.
  public var runSeconds: Double { context.pointee.run_time_used }

  /// Whether the run's budget (`LuaLimits.secondsPerRun`) is spent: every call now fails.
  public var isRunBudgetSpent: Bool {
    let context = self.context.pointee
    return context.run_time_limit > 0 && context.run_time_used >= context.run_time_limit
  }

  /// Bytes the host keeps on the Lua code's behalf (`holdHostMemory`).
  public var hostMemoryHeld: Int { Int(context.pointee.host_used) }

  /// Counts `bytes` the host keeps for the Lua code (a timer's record, a listener) against the
  /// memory budget, with what Lua holds, until `releaseHostMemory` gives them back (unlike
  /// `LuaCall.reserveHostMemory`, which checks room for a passing copy and keeps nothing). Past
  /// the budget nothing is counted and the error says so, naming `what` ("timer.after: …"),
  /// which is made only then (a plugin may start a timer on every event).
  public func holdHostMemory(_ bytes: Int, for what: @autoclosure () -> String) throws(LuaError) {
    let context = self.context.pointee
    let wanted = size_t(max(0, bytes))
    guard context.limit == 0 || context.used + context.host_used + wanted <= context.limit else {
      let megabytes = Double(limits.memoryBytes) / 1_048_576
      throw LuaError(
        .memoryBudget,
        "\(what()): memory budget exceeded (\(megabytes.formatted(maxFractionDigits: 1)) MiB, of which "
          + "the host's records for this code hold \(hostMemoryHeld) bytes)")
    }
    self.context.pointee.host_used += wanted
    let total = self.context.pointee.used + self.context.pointee.host_used
    if total > context.peak { self.context.pointee.peak = total }
  }

  /// Gives back bytes counted by `holdHostMemory` (the record is gone).
  public func releaseHostMemory(_ bytes: Int) {
    let given = min(size_t(max(0, bytes)), context.pointee.host_used)
    context.pointee.host_used -= given
  }
}

import LuaKit
import Testing

/// `LuaLimits.secondsPerRun`: the time of every call together, so that code cheap per call but
/// endless overall is stopped; once spent, every call fails at its first instruction.
@Suite struct RunBudgetTests {
  /// No budget but the run's: only it can stop this call.
  static let runOnly = LuaLimits(
    memoryBytes: 8 << 20, instructionsPerCall: 0, secondsPerCall: 0, secondsPerRun: 0.05)

  @Test func aCallPastTheRunsBudgetIsStoppedWithItsError() throws {
    let lua = try LuaState(limits: Self.runOnly)
    let error = try #require(sandboxError("local a = 1\nwhile true do end", state: lua))
    #expect(error.kind == .runTimeBudget, "\(error.message)")
    #expect(error.message.hasSuffix("run time budget exceeded (0.05 s of plugin time in all calls)"))
    #expect(error.chunk == "plugin.lua" && error.line == 2, "\(error.message)")
    #expect(lua.isRunBudgetSpent)
    #expect(lua.runSeconds >= 0.05)
  }

  @Test func everyCallAfterItIsSpentFailsAtItsFirstInstructionAndTellsTheEmbedder() throws {
    let lua = try LuaState(limits: Self.runOnly)
    var told = 0
    lua.runBudgetSpent = { told += 1 }
    _ = sandboxError("while true do end", state: lua)
    #expect(told == 1)
    // One instruction: the count hook's own check (every 1,000) would never see it.
    let error = try #require(sandboxError("return 1", state: lua))
    #expect(error.kind == .runTimeBudget, "\(error.message)")
    #expect(told == 2)
  }

  /// Many calls, each far inside a per-call budget of 5 s: together they spend the run's.
  @Test func callsCheapEachButEndlessTogetherAreStopped() throws {
    let limits = LuaLimits(memoryBytes: 8 << 20, secondsPerCall: 5, secondsPerRun: 0.1)
    let lua = try LuaState(limits: limits)
    let environment = try lua.makeSandbox()
    let tick = try lua.load(
      "local x = 0 for i = 1, 2000 do x = x + i end return x", chunkName: "@plugin.lua",
      environment: environment)
    var failure: LuaError?
    for _ in 0..<1_000_000 {
      do { try lua.call(tick) } catch {
        failure = error
        break
      }
    }
    #expect(failure?.kind == .runTimeBudget, "\(String(describing: failure))")
  }

  @Test func withoutARunBudgetNothingIsCounted() throws {
    let lua = try LuaState(limits: LuaLimits(secondsPerRun: 0))
    try runSandboxed("local x = 0 for i = 1, 100000 do x = x + i end", state: lua)
    #expect(lua.runSeconds == 0)
    #expect(!lua.isRunBudgetSpent)
  }
}

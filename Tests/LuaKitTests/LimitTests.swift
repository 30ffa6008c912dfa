import LuaKit
import Testing

@Suite struct LimitTests {
  static let small = LuaLimits(memoryBytes: 8 << 20, instructionsPerCall: 5_000_000, secondsPerCall: 10)

  /// Runs `code` (line 2 of plugin.lua) to its failure, checks the kind and place, then checks
  /// the same state still runs the next call.
  func expectStopped(_ code: String, _ kind: LuaError.Kind, limits: LuaLimits = small) throws {
    let lua = try LuaState(limits: limits)
    let error = try #require(sandboxError("local a = 1\n" + code, state: lua))
    #expect(error.kind == kind, "\(error.message)")
    #expect(error.chunk == "plugin.lua", "\(error.message)")
    #expect(error.line == 2, "\(error.message)")
    #expect(try runSandboxed("return ('ok'):rep(2)", state: lua) == ["okok"])
  }

  @Test func anEndlessLoopIsStoppedByTheInstructionBudget() throws {
    try expectStopped("while true do end", .instructionBudget)
  }

  @Test func pcallCannotOutlastTheInstructionBudget() throws {
    try expectStopped("while true do pcall(function() while true do end end) end", .instructionBudget)
  }

  @Test func anEndlessLoopIsStoppedByTheTimeBudget() throws {
    try expectStopped(
      "while true do end", .timeBudget,
      limits: LuaLimits(memoryBytes: 8 << 20, instructionsPerCall: 0, secondsPerCall: 0.2))
  }

  @Test func endlessRecursionIsAnError() throws {
    let lua = try LuaState()
    let error = try #require(
      sandboxError("local a = 1\nlocal function f() return 1 + f() end return f()", state: lua))
    // Lua's stack limit or the memory budget, whichever comes first, stops it.
    #expect(error.message.contains("stack overflow") || error.kind == .memoryBudget, "\(error.message)")
    #expect(error.chunk == "plugin.lua")
    #expect(try runSandboxed("return 2", state: lua) == [2])
  }

  @Test func aHugeStringIsStoppedByTheMemoryBudget() throws {
    try expectStopped("local s = string.rep('x', 2^30)", .memoryBudget)
  }

  @Test func aStringPastLuasOwnLimitIsAClearError() throws {
    let error = try #require(sandboxError("local s = string.rep('x', 2^31)"))
    #expect(error.message == "plugin.lua:1: resulting string too large")
  }

  @Test func anEverGrowingTableIsStoppedByTheMemoryBudget() throws {
    try expectStopped("local t = {} for i = 1, math.huge do t[i] = 'item' .. i end", .memoryBudget)
  }

  @Test func theMemoryBudgetHoldsWithTheCollectorAskedToStop() throws {
    try expectStopped(
      "pcall(collectgarbage, 'stop') local t = {} for i = 1, math.huge do t[i] = {i} end", .memoryBudget)
  }

  @Test func theMemoryErrorMessageNamesTheBudget() throws {
    let lua = try LuaState(limits: Self.small)
    let error = try #require(sandboxError("local s = string.rep('x', 2^30)", state: lua))
    #expect(error.message == "plugin.lua:1: memory budget exceeded (8 MiB)")
  }
}

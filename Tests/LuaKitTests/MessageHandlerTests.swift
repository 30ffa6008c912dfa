import LuaKit
import Testing

/// A message handler runs with the count hook off when the error is a budget's: the sandbox
/// skips handlers once the budget is spent, so no handler can outlast it.
@Suite struct MessageHandlerTests {
  @Test func aHandlerThatLoopsCannotOutlastTheBudget() throws {
    let lua = try LuaState(
      limits: LuaLimits(memoryBytes: 8 << 20, instructionsPerCall: 1000, secondsPerCall: 1))
    let error = try #require(
      sandboxError(
        "local a = 1\nxpcall(function() while true do end end, function() while true do end end)", state: lua)
    )
    #expect(error.kind == .instructionBudget, "\(error.message)")
    #expect(error.message.hasPrefix("plugin.lua:2: instruction budget exceeded"), "\(error.message)")
    #expect(try runSandboxed("return 1 + 1", state: lua) == [2])
  }

  @Test func handlersStillRunForOtherErrors() throws {
    let results = try runSandboxed(
      """
      local a, b = xpcall(error, function(e) return "handled " .. e end, "boom", 0)
      local c, d = xpcall(function(x) return x * 2 end, print, 21)
      local e, f = pcall(xpcall, error)
      return a, b, c, d, e, f
      """)
    #expect(
      results == [
        false, "handled boom", true, 42, false,
        "bad argument #2 to 'xpcall' (function expected, got no value)",
      ])
  }
}

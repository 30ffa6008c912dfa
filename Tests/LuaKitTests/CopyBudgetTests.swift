import LuaKit
import Testing

/// Copying a Lua value into Swift is work the host does for the plugin: it is charged to the
/// call's budgets, shared subtables each time they are reached.
@Suite struct CopyBudgetTests {
  /// Runs `code` (line 2 of plugin.lua) in a sandbox where `copy(v)` copies `v` into Swift.
  func copyError(_ code: String, limits: LuaLimits) throws -> LuaError? {
    let lua = try LuaState(limits: limits)
    let environment = try lua.makeSandbox()
    environment.set(
      "copy",
      .function(
        lua.function { call in
          _ = try call.value(1)
          return 0
        }))
    let chunk = try lua.load("local a = 1\n" + code, chunkName: "@plugin.lua", environment: environment)
    do {
      try lua.call(chunk)
      return nil
    } catch {
      return error
    }
  }

  @Test func sharedSubtablesAreCountedEachTimeAndTheCopyStopsAtTheMemoryBudget() throws {
    // 2^22 values reached through 22 tables: before, the host copied them all (2^40 ran for ever).
    let error = try #require(
      try copyError(
        "local t = {} for i = 1, 22 do t = {t, t} end copy(t)",
        limits: LuaLimits(memoryBytes: 8 << 20, instructionsPerCall: 0, secondsPerCall: 0)))
    #expect(
      error.message.hasPrefix("plugin.lua:2: memory budget exceeded (8 MiB) copying a Lua value"), "\(error)")
    #expect(error.message.contains("(at [1][1]") || error.message.contains("(at [2]"), "\(error)")
  }

  @Test func aCopyIsChargedToTheInstructionBudget() throws {
    // 150,000 values made in a few instructions; copying them costs one instruction each.
    let error = try #require(
      try copyError(
        "local t = {string.byte(string.rep('a', 150000), 1, -1)} copy(t)",
        limits: LuaLimits(memoryBytes: 64 << 20, instructionsPerCall: 100_000, secondsPerCall: 0)))
    #expect(error.kind == .instructionBudget, "\(error)")
    #expect(
      error.message.hasPrefix("plugin.lua:2: instruction budget exceeded (100000 instructions)"), "\(error)")
  }

  @Test func aCopyWithinTheBudgetsIsWhole() throws {
    let lua = try LuaState()
    let environment = try lua.makeSandbox()
    let copied = UnsafeBox<LuaValue>(.nil)
    environment.set(
      "copy",
      .function(
        lua.function { call in
          copied.value = try call.value(1)
          return 0
        }))
    try lua.call(
      try lua.load(
        "local t = {} for i = 1, 6 do t = {t, t} end copy({n = 1, list = t})", chunkName: "@plugin.lua",
        environment: environment))
    var depth = 0
    var node = copied.value["list"]
    while case .array(let pair) = node, pair.count == 2 {
      depth += 1
      node = pair[0]
    }
    #expect(depth == 6)
    #expect(copied.value["n"] == 1)
  }
}

/// A value a closure can change (tests run one at a time on one thread).
final class UnsafeBox<Value>: @unchecked Sendable {
  var value: Value
  init(_ value: Value) { self.value = value }
}

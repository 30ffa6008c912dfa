import LuaKit
import Testing

/// Library functions that loop in C without allocating (out of reach of the count hook and the
/// memory budget) are charged to the CPU budget; those that grow memory end at its budget.
@Suite struct LoopBudgetTests {
  static let limits = LuaLimits(memoryBytes: 16 << 20, instructionsPerCall: 5_000_000, secondsPerCall: 10)

  /// Runs `code` (from line 2 of plugin.lua) to its failure and checks the kind and that it
  /// failed on the code's last line; the state
  /// then runs the next call.
  func expectStopped(_ code: String, _ kinds: Set<LuaError.Kind> = [.instructionBudget]) throws {
    let lua = try LuaState(limits: Self.limits)
    let error = try #require(sandboxError("local a = 1\n" + code, state: lua))
    let line = code.split(separator: "\n", omittingEmptySubsequences: false).count + 1
    #expect(kinds.contains(error.kind), "\(error.message)")
    #expect(error.message.hasPrefix("plugin.lua:\(line): "), "\(error.message)")
    #expect(try runSandboxed("return ('ok'):rep(2)", state: lua) == ["okok"])
  }

  /// A table of 75 entries whose border (`#t`, found by doubling then bisecting) is 2^62: an
  /// array part 1…16 full, then 17 and the powers of two 32…2^62 (a constructor sizes the parts
  /// exactly, so no rehash moves them).
  static let hugeBorder = """
    local parts = {} for i = 1, 16 do parts[i] = "true" end
    parts[17] = "[17] = true" for k = 5, 62 do parts[#parts + 1] = "[" .. (1 << k) .. "] = true" end
    local t = load("return {" .. table.concat(parts, ", ") .. "}")() assert(#t == 1 << 62)

    """

  @Test func repeatingNothingEndsAtOnceWithLuasResult() throws {
    let lua = try LuaState(limits: Self.limits)
    #expect(
      try runSandboxed(
        "return string.rep('', math.maxinteger), string.rep('', math.maxinteger, ''), ('ab'):rep(3, ',')",
        state: lua) == ["", "", "ab,ab,ab"])
  }

  @Test func repeatingIsChargedPerRepetition() throws {
    try expectStopped("string.rep('x', 20000000)", [.instructionBudget, .memoryBudget])
    try expectStopped("string.rep('', math.maxinteger, 'x')", [.runtime])
  }

  @Test func movingAQuadrillionNilsIsStopped() throws {
    try expectStopped("table.move({}, 1, 1e15, 2)")
  }

  @Test func insertingOrRemovingInATableWithAHugeLengthIsStopped() throws {
    try expectStopped(Self.hugeBorder + "table.insert(t, 1, 'x')")
    try expectStopped(Self.hugeBorder + "table.remove(t, 1)")
    try expectStopped(
      "local t = setmetatable({}, {__len = function() return 1 << 62 end}) table.insert(t, 1, 'x')")
  }

  @Test func aPlainFindIsChargedForTheBytesItCompares() throws {
    try expectStopped(
      "local s, p = string.rep('a', 1000000), string.rep('a', 10000) .. 'b' return s:find(p)")
  }

  @Test func formatAndConcatBombsEndAtTheMemoryBudget() throws {
    try expectStopped(
      "local big = string.rep('x', 1 << 20) local t = {} for i = 1, 100 do t[i] = big end "
        + "return string.format(string.rep('%s', 100), table.unpack(t))", [.memoryBudget])
    try expectStopped(
      "local t = setmetatable({}, {__index = tostring, __len = function() return math.maxinteger end}) "
        + "return table.concat(t, ',')", [.memoryBudget, .instructionBudget])
  }

  @Test func theLibraryFunctionsKeepLuasSemantics() throws {
    let results = try runSandboxed(
      """
      local t = {1, 2, 3}
      table.insert(t, 'x') table.insert(t, 1, 'y') local removed = table.remove(t, 2)
      local moved = table.move({1, 2, 3, 4}, 1, 3, 2)
      local ok, message = pcall(table.insert, {1}, 5, 'z')
      local ok2, message2 = pcall(table.concat, {1, {}, 3})
      return table.concat(t, ','), removed, table.concat(moved, ','), message, message2,
        table.concat({}, ','), ('abc'):find('bc', 1, true), ('abc'):find('x', 1, true)
      """)
    #expect(
      results == [
        "y,2,3,x", 1, "1,1,2,3", "bad argument #2 to 'table.insert' (position out of bounds)",
        "invalid value (at index 2) in table for 'concat'", "", 2, .nil,
      ])
  }
}

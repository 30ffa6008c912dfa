import LuaKit
import Testing

/// Errors whose value is not a string still name the plugin's file and line, and describing
/// them never runs plugin code unbounded.
@Suite struct ErrorObjectTests {
  static let limits = LuaLimits(memoryBytes: 8 << 20, instructionsPerCall: 100_000, secondsPerCall: 2)

  func failure(_ code: String) throws -> LuaError {
    try #require(sandboxError("local a = 1\n" + code, limits: Self.limits))
  }

  @Test func aTableErrorNamesFileAndLine() throws {
    #expect(try failure("error({})").message == "plugin.lua:2: error (a table value)")
    #expect(try failure("error()").message == "plugin.lua:2: error (a nil value)")
  }

  @Test func anErrorObjectIsDescribedByItsToString() throws {
    let error = try failure("error(setmetatable({}, {__tostring = function() return 'custom' end}))")
    #expect(error.message == "plugin.lua:2: custom")
  }

  @Test func aToStringThatFailsOrLoopsIsContained() throws {
    let failing = try failure("error(setmetatable({}, {__tostring = function() error('inner') end}))")
    #expect(
      failing.message == "plugin.lua:2: error (a table value whose __tostring failed: plugin.lua:2: inner)",
      "\(failing.message)")
    let looping = try failure("error(setmetatable({}, {__tostring = function() while true do end end}))")
    #expect(
      looping.message.hasPrefix("plugin.lua:2: error (a table value whose __tostring failed: "), "\(looping)")
    #expect(looping.kind == .instructionBudget, "\(looping)")
  }

  @Test func aCoroutineThatFailsWithATableNamesItsLine() throws {
    let lua = try LuaState(limits: Self.limits)
    let environment = try lua.makeSandbox()
    let chunk = try lua.load(
      "local a = 1\nerror({code = 1})", chunkName: "@plugin.lua", environment: environment)
    let (_, outcome) = lua.startCoroutine(chunk)
    guard case .failed(let error) = outcome else {
      Issue.record("the coroutine did not fail")
      return
    }
    #expect(error.message == "plugin.lua:2: error (a table value)")
  }
}

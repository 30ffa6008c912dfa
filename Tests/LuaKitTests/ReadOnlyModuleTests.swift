import LuaKit
import Testing

/// A module set with `setModule` reads like a table but cannot be changed from Lua in any way.
@Suite struct ReadOnlyModuleTests {
  func sandbox() throws -> (LuaState, LuaTableReference) {
    let lua = try LuaState()
    let environment = try lua.makeSandbox()
    environment.setModule(
      "m",
      [
        "answer": 42,
        "twice": .function(lua.function { call in call.return(number: 2 * (call.number(1) ?? 0)) }),
      ])
    return (lua, environment)
  }

  func run(_ code: String) throws -> [LuaValue] {
    let (lua, environment) = try sandbox()
    return try lua.call(try lua.load(code, chunkName: "@plugin.lua", environment: environment))
  }

  @Test func itsFieldsReadAndIterateLikeATable() throws {
    #expect(try run("return m.answer, m.twice(4), m.missing") == [42, 8, .nil])
    #expect(
      try run("local n = 0 for k in pairs(m) do n = n + 1 end return n, getmetatable(m)") == [2, false])
  }

  @Test(arguments: [
    ("m.twice = print", "plugin.lua:2: m is read-only: cannot set m.twice"),
    ("m.other = 1", "plugin.lua:2: m is read-only: cannot set m.other"),
    ("rawset(m, 'answer', 0)", "plugin.lua:2: m is read-only: cannot set m.answer"),
    (
      "setmetatable(m, {__index = function() return 0 end})",
      "plugin.lua:2: m is read-only: cannot set its metatable"
    ),
  ])
  func everyWayOfChangingItIsAnErrorNamingIt(change: String, message: String) throws {
    let result = try run(
      "local a = 1\nlocal ok, e = pcall(function() \(change) end) return ok, e, m.answer, m.twice(1)")
    #expect(result == [false, .string(message), 42, 2])
  }

  @Test func theReplReadsItsFields() throws {
    let (lua, environment) = try sandbox()
    withExtendedLifetime(lua) {
      guard case .tableReference(let fields) = environment.field("m") else {
        Issue.record("the module's fields are not readable from Swift")
        return
      }
      #expect(fields.keys() == ["answer", "twice"])
    }
  }
}

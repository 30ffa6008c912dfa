import LuaKit
import Testing

/// Reading a bound object's property calls that property's own getter: unknown names and keys
/// that are not strings read nil, a method of the same name wins, and a getter's error names the
/// Lua line that read it.
@Suite struct PropertyReadTests {
  final class Gauge {
    var level = 3.0
  }

  struct Broken: Error, CustomStringConvertible {
    var description: String { "the gauge is broken" }
  }

  func state() throws -> (LuaState, LuaTableReference) {
    let type = LuaObjectType<Gauge>("Gauge")
    type.method("reset") { gauge, call in
      gauge.level = 0
      return call.return(.string("method"))
    }
    type.property("reset") { _ in .string("property") }
    type.property("level") { .number($0.level) }
    type.property("broken") { _ in throw Broken() }
    let lua = try LuaState()
    lua.register(type)
    let environment = try lua.makeSandbox()
    environment.set("gauge", .object(Gauge()))
    return (lua, environment)
  }

  @Test func eachPropertyReadsItsOwnValueAndOthersReadNil() throws {
    let (lua, environment) = try state()
    let chunk = try lua.load(
      "return gauge.level, gauge.missing, gauge[1], gauge[gauge], type(gauge.reset), gauge:reset(), gauge.level",
      chunkName: "@plugin.lua", environment: environment)
    #expect(
      try lua.call(chunk) == [
        .number(3), .nil, .nil, .nil, .string("function"), .string("method"), .number(0),
      ])
  }

  @Test func aGettersErrorNamesTheLineThatReadIt() throws {
    let (lua, environment) = try state()
    let chunk = try lua.load(
      "local ok = true\nlocal value = gauge.broken\nreturn value", chunkName: "@plugin.lua",
      environment: environment)
    #expect(throws: LuaError.self) { try lua.call(chunk) }
    do {
      try lua.call(chunk)
    } catch let error as LuaError {
      #expect(error.message == "plugin.lua:2: the gauge is broken")
    }
  }
}

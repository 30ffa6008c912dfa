import LuaKit
import Testing

/// A state's first 256 methods are C functions of a pool, the ones after C closures: both kinds
/// check their object, and their boxes live as long as the state.
@Suite struct MethodPoolTests {
  static let methods = 300

  /// A type with `methods` methods, `m1`…: `mN` returns N; each holds `held`.
  static func manyMethodsType(holding held: AnyObject) -> LuaObjectType<Counter> {
    let type = LuaObjectType<Counter>("Many")
    for index in 1...methods {
      type.method("m\(index)") { _, call in
        withExtendedLifetime(held) {}
        return call.return(number: Double(index))
      }
    }
    return type
  }

  @Test func everyMethodWorksPastThePoolToo() throws {
    let lua = try LuaState()
    lua.register(Self.manyMethodsType(holding: Counter()))
    let environment = try lua.makeSandbox()
    environment.set("many", .object(Counter()))
    let result = try lua.call(
      lua.load(
        """
        local sum = 0
        for i = 1, \(Self.methods) do sum = sum + many["m" .. i](many) end
        local function refusal(name, self) return select(2, pcall(many[name], self)) end
        return sum, refusal("m1"), refusal("m300"), refusal("m1", {}), refusal("m300", "many")
        """, chunkName: "@plugin.lua", environment: environment))
    #expect(result.first == .number(Double(Self.methods * (Self.methods + 1) / 2)))
    func refusal(_ name: String) -> LuaValue {
      .string("plugin.lua:3: Many.\(name) is a method: call it with a colon, as value:\(name)(...)")
    }
    #expect(Array(result.dropFirst()) == [refusal("m1"), refusal("m300"), refusal("m1"), refusal("m300")])
  }

  @Test func theMethodsAreReleasedWithTheState() throws {
    weak var released: Counter?
    do {
      let held = Counter()
      released = held
      let lua = try LuaState()
      lua.register(Self.manyMethodsType(holding: held))
      lua.register(Self.manyMethodsType(holding: held))  // registered again: both sets held
      lua.collectGarbage()
      #expect(released != nil)
    }
    #expect(released == nil)
  }

  @Test func aFinalizerRunByTheStatesCloseCanStillCallAMethod() throws {
    let counter = Counter()
    do {
      let lua = try LuaState()
      lua.register(ObjectTests.counterType())
      lua.globals.set("counter", .object(counter))
      try lua.call(
        lua.load(
          "local counter = counter kept = setmetatable({}, {__gc = function() counter:add(2) end})",
          chunkName: "=finalizer"))
      #expect(counter.total == 0)
    }
    #expect(counter.total == 2)
  }
}

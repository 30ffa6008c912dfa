import LuaKit
import Testing

final class Counter {
  var total = 0.0
  var label = "counter"
}

@Suite struct ObjectTests {
  static func counterType() -> LuaObjectType<Counter> {
    let type = LuaObjectType<Counter>("Counter")
    type.method("add") { counter, call in
      counter.total += call.number(2) ?? 0
      return call.return(number: counter.total)
    }
    type.property("total") { .number($0.total) }
    type.property("label", get: { .string($0.label) }, set: { $0.label = $1.stringValue ?? "" })
    type.description { "Counter(\($0.total))" }
    return type
  }

  func state(with counter: Counter) throws -> (LuaState, LuaTableReference) {
    let lua = try LuaState()
    lua.register(Self.counterType())
    let environment = try lua.makeSandbox()
    environment.set("counter", .object(counter))
    return (lua, environment)
  }

  func run(_ code: String, _ lua: LuaState, _ environment: LuaTableReference) throws -> [LuaValue] {
    try lua.call(lua.load(code, chunkName: "@plugin.lua", environment: environment))
  }

  @Test func methodsPropertiesAndToString() throws {
    let counter = Counter()
    let (lua, environment) = try state(with: counter)
    let result = try run(
      "counter:add(2) counter:add(3.5) counter.label = 'votes'\n"
        + "return counter.total, counter.label, tostring(counter), counter.missing", lua, environment)
    #expect(result == [.number(5.5), "votes", "Counter(5.5)", .nil])
    #expect(counter.total == 5.5)
    #expect(counter.label == "votes")
  }

  @Test func theSameObjectIsAlwaysTheSameLuaValue() throws {
    let counter = Counter()
    let (lua, environment) = try state(with: counter)
    environment.set("again", .object(counter))
    let result = try run(
      "local seen = {[counter] = 1} return counter == again, seen[again]", lua, environment)
    #expect(result == [true, 1])
    let back = try run("return counter", lua, environment)
    guard case .object(let object)? = back.first else {
      Issue.record("expected the object back")
      return
    }
    let same = object === counter
    #expect(same)
  }

  @Test func aDotCallShowsTheColonForm() throws {
    let (lua, environment) = try state(with: Counter())
    do {
      _ = try run("counter.add(1)", lua, environment)
      Issue.record("a dot call must fail")
    } catch let error as LuaError {
      #expect(
        error.message == "plugin.lua:1: Counter.add is a method: call it with a colon, as value:add(...)")
    }
  }

  @Test func readOnlyAndUnknownFieldsCannotBeAssigned() throws {
    let (lua, environment) = try state(with: Counter())
    let result = try run(
      "local a = select(2, pcall(function() counter.total = 1 end))\n"
        + "local b = select(2, pcall(function() counter.nope = 1 end))\n"
        + "return a, b, getmetatable(counter)", lua, environment)
    #expect(result[0] == "plugin.lua:1: Counter has a read-only field 'total'")
    #expect(result[1] == "plugin.lua:2: Counter has no field 'nope'")
    #expect(result[2] == false)
  }

  @Test func collectingTheUserdataReleasesTheObject() throws {
    weak var released: Counter?
    let lua = try LuaState()
    lua.register(Self.counterType())
    do {
      let counter = Counter()
      released = counter
      let environment = try lua.makeSandbox()
      environment.set("counter", .object(counter))
      environment.set("counter", .nil)
    }
    lua.collectGarbage()
    lua.collectGarbage()
    #expect(released == nil)
  }
}

import LuaKit
import Testing

@Suite struct ValueTests {
  static var roundTrips: [LuaValue] {
    [
      .nil, .boolean(true), .boolean(false), .integer(0), .integer(.max), .integer(.min),
      .number(3.25), .number(-0.5), .number(.infinity), .string(""), .string("héllo wörld ✓"),
      .string("nul\u{0}inside"), .bytes([0xFF, 0x00, 0xC3, 0x28]), .array([1, "two", 3.5, [true]]),
      .dictionary(["a": 1, "nested": ["b": ["c": "deep"]]]),
      .table([LuaTableEntry(key: 1, value: "one"), LuaTableEntry(key: "x", value: 2)]),
    ]
  }

  @Test(arguments: 0..<16)
  func roundTrip(_ index: Int) throws {
    let value = Self.roundTrips[index]
    let lua = try LuaState()
    let identity = try lua.load("return ...", chunkName: "=identity")
    let result = try lua.call(identity, [value])
    #expect(result.count == 1)
    if case .table(let entries) = value, case .table(let back)? = result.first {
      #expect(Set(entries.map { "\($0.key):\($0.value)" }) == Set(back.map { "\($0.key):\($0.value)" }))
    } else {
      #expect(result.first == value)
    }
  }

  @Test func bytesAreKeptExactly() throws {
    let lua = try LuaState()
    let chunk = try lua.load("return '\\xff\\x00a', #('\\xff\\x00a')", chunkName: "=bytes")
    let result = try lua.call(chunk)
    #expect(result == [.bytes([0xFF, 0x00, 0x61]), .integer(3)])
  }

  @Test func tablesArriveShapedAsArraysOrDictionaries() throws {
    let result = try runSandboxed("return {1, 2, 3}, {a = 1}, {1, x = 2}, {}, {[2] = 'b'}")
    #expect(result[0] == [1, 2, 3])
    #expect(result[1] == ["a": 1])
    guard case .table(let mixed) = result[2] else {
      Issue.record("expected a mixed table, got \(result[2])")
      return
    }
    #expect(mixed.count == 2)
    #expect(result[3] == .dictionary([:]))
    guard case .table = result[4] else {
      Issue.record("a table with a hole is not an array: \(result[4])")
      return
    }
  }

  @Test func aTableThatContainsItselfIsAnError() throws {
    let error = sandboxError("local t = {} t.self = t return t")
    #expect(error?.message.contains("contains itself") == true)
  }

  @Test func luaFunctionsAreKeptAndCalledLater() throws {
    let lua = try LuaState()
    let results = try runSandboxed(
      "local n = 0 return function(step) n = n + step return n end", state: lua)
    guard case .function(let counter)? = results.first else {
      Issue.record("expected a function")
      return
    }
    #expect(try lua.call(counter, [2]) == [.integer(2)])
    #expect(try lua.call(counter, [3]) == [.integer(5)])
  }
}

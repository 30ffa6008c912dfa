import Foundation
import LuaKit
import Testing

struct Refused: Error, CustomStringConvertible {
  var description: String { "refused by Swift" }
}

@Suite struct SwiftFunctionTests {
  @Test func swiftClosuresAreCallableFromLua() throws {
    let lua = try LuaState()
    let environment = try lua.makeSandbox()
    environment.set(
      "twice",
      .function(lua.function { call in call.return(number: (call.number(1) ?? 0) * 2) }))
    let chunk = try lua.load("return twice(21)", chunkName: "@plugin.lua", environment: environment)
    #expect(try lua.call(chunk) == [.number(42)])
  }

  @Test func aThrownSwiftErrorIsACatchableLuaErrorAtTheCallersLine() throws {
    let lua = try LuaState()
    let environment = try lua.makeSandbox()
    environment.set("refuse", .function(lua.function { _ in throw Refused() }))
    let chunk = try lua.load(
      "local ok, message = pcall(refuse)\nreturn ok, message", chunkName: "@plugin.lua",
      environment: environment)
    let result = try lua.call(chunk)
    #expect(result[0] == false)
    #expect(result[1] == "plugin.lua:1: refused by Swift")
  }

  @Test func aLuaErrorReachesSwiftWithChunkLineAndTraceback() throws {
    let error = try #require(sandboxError("local x = 1\nlocal function f() error('boom') end\nf()"))
    #expect(error.kind == .runtime)
    #expect(error.message == "plugin.lua:2: boom")
    #expect(error.chunk == "plugin.lua")
    #expect(error.line == 2)
    #expect(error.traceback?.contains("stack traceback") == true)
    #expect(error.traceback?.contains("plugin.lua:3") == true)
  }

  @Test func aSyntaxErrorNamesTheLine() throws {
    let error = try #require(sandboxError("local a = 1\nlocal = 2"))
    #expect(error.kind == .syntax)
    #expect(error.chunk == "plugin.lua")
    #expect(error.line == 2)
  }

  @Test func aMillionErrorsThroughTheTrampolineDoNotGrowMemory() throws {
    let lua = try LuaState(limits: LuaLimits(instructionsPerCall: 0, secondsPerCall: 0))
    let environment = try lua.makeSandbox()
    environment.set("refuse", .function(lua.function { _ in throw Refused() }))
    let chunk = try lua.load(
      "local n = 0 for i = 1, ... do if not pcall(refuse) then n = n + 1 end end return n",
      chunkName: "@plugin.lua", environment: environment)
    // Warm up allocators and caches, then measure.
    try lua.call(chunk, [.integer(100_000)])
    lua.collectGarbage()
    let luaBefore = lua.memoryInUse
    let residentBefore = residentBytes()
    #expect(try lua.call(chunk, [.integer(1_000_000)]) == [.integer(1_000_000)])
    lua.collectGarbage()
    #expect(lua.memoryInUse - luaBefore < 64 * 1024)
    #expect(residentBytes() - residentBefore < 8 << 20)
  }
}

/// The process's resident set size, from /proc.
func residentBytes() -> Int {
  guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
  let pages = statm.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
  return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

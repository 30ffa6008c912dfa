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

  /// `call.number` reads what Lua's `tonumber` would, zeros and numeric strings included, and
  /// nil for anything else.
  @Test func numberArgumentsReadAsLuaConvertsThem() throws {
    let lua = try LuaState()
    let environment = try lua.makeSandbox()
    environment.set(
      "number",
      .function(
        lua.function { call in
          guard let value = call.number(1) else { return call.return(.string("none")) }
          return call.return(.number(value), .boolean(value.sign == .minus), .boolean(value.isNaN))
        }))
    func read(_ argument: String) throws -> [LuaValue] {
      let chunk = try lua.load(
        "return number(\(argument))", chunkName: "@plugin.lua", environment: environment)
      return try lua.call(chunk)
    }
    #expect(try read("0") == [.number(0), .boolean(false), .boolean(false)])
    #expect(try read("-0.0") == [.number(0), .boolean(true), .boolean(false)])
    #expect(try read("'0'") == [.number(0), .boolean(false), .boolean(false)])
    #expect(try read("' 0x10 '") == [.number(16), .boolean(false), .boolean(false)])
    #expect(try read("2.5") == [.number(2.5), .boolean(false), .boolean(false)])
    #expect(try read("0/0")[2] == .boolean(true))
    for other in ["nil", "", "'abc'", "''", "{}", "true", "false", "number"] {
      #expect(try read(other) == ["none"], "\(other)")
    }
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

  /// No time budget at all: under AddressSanitizer a million errors take over a minute of
  /// plugin time, and the test is about memory, not speed.
  @Test func aMillionErrorsThroughTheTrampolineLeaveLuaMemoryAsItWas() throws {
    let lua = try LuaState(limits: LuaLimits(instructionsPerCall: 0, secondsPerCall: 0, secondsPerRun: 0))
    let environment = try lua.makeSandbox()
    environment.set("refuse", .function(lua.function { _ in throw Refused() }))
    let chunk = try lua.load(
      "local n = 0 for i = 1, ... do if not pcall(refuse) then n = n + 1 end end return n",
      chunkName: "@plugin.lua", environment: environment)
    try lua.call(chunk, [.integer(1000)])
    lua.collectGarbage()
    let before = lua.memoryInUse
    #expect(try lua.call(chunk, [.integer(1_000_000)]) == [.integer(1_000_000)])
    lua.collectGarbage()
    #expect(lua.memoryInUse - before < 64 * 1024)
  }

  /// The process's peak memory is measured in a process of its own (`adhost lua --stats`), where
  /// no other test allocates: errors raised from Swift through the trampoline, 100,000 against
  /// 600,000 of them. A leak of 16 bytes an error would show as 8 MB.
  @Test func errorsThroughTheTrampolineDoNotGrowTheProcess() throws {
    let binary = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent(".build/debug/adhost").path
    try #require(FileManager.default.isExecutableFile(atPath: binary), "build adhost first (swift build)")
    func peakKilobytes(errors: Int) throws -> Int {
      let script = FileManager.default.temporaryDirectory.appendingPathComponent("errors-\(UUID()).lua")
      try Data(
        "local n = 0 for i = 1, \(errors) do if not pcall(require, '!') then n = n + 1 end end return n".utf8
      ).write(to: script)
      defer { try? FileManager.default.removeItem(at: script) }
      let process = Process()
      process.executableURL = URL(fileURLWithPath: binary)
      process.arguments = ["lua", "--stats", "--instructions", "0", "--seconds", "0", script.path]
      let errorPipe = Pipe()
      process.standardOutput = FileHandle.nullDevice
      process.standardError = errorPipe
      try process.run()
      let data = errorPipe.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      let stats = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
      return try #require(stats["max_rss_kb"] as? Int)
    }
    let few = try peakKilobytes(errors: 100_000)
    let many = try peakKilobytes(errors: 600_000)
    #expect(many - few < 4 * 1024, "peak RSS \(few) KiB after 100,000 errors, \(many) KiB after 600,000")
  }
}

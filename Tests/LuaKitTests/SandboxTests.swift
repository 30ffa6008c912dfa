import Foundation
import LuaKit
import Testing

/// One escape attempt: the code, and what its error must say.
struct Escape: CustomTestStringConvertible, Sendable {
  let code: String
  let expected: String
  var testDescription: String { code }
}

@Suite struct SandboxTests {
  static let escapes: [Escape] = [
    Escape(code: "io.open('/etc/passwd')", expected: "global 'io'"),
    Escape(code: "io.popen('ls')", expected: "global 'io'"),
    Escape(code: "os.execute('ls')", expected: "field 'execute'"),
    Escape(code: "os.exit(1)", expected: "field 'exit'"),
    Escape(code: "os.getenv('HOME')", expected: "field 'getenv'"),
    Escape(code: "os.remove('/tmp/x')", expected: "field 'remove'"),
    Escape(code: "package.loadlib('libc.so.6', 'system')", expected: "global 'package'"),
    Escape(code: "require('socket.core')", expected: "module 'socket.core' not found"),
    Escape(code: "require('../../etc/passwd')", expected: "module '../../etc/passwd' not found"),
    Escape(code: "require('/etc/passwd')", expected: "not found"),
    Escape(code: "dofile('/etc/passwd')", expected: "global 'dofile'"),
    Escape(code: "loadfile('/etc/passwd')", expected: "global 'loadfile'"),
    Escape(code: "load(string.dump(print))", expected: "field 'dump'"),
    Escape(code: "local f = ('').dump f(print)", expected: "local 'f'"),
    Escape(code: "assert(load('\\27Lua\\x54\\0'))", expected: "binary chunk"),
    Escape(code: "assert(load('return 1', 'x', 'b'))", expected: "only text chunks"),
    Escape(code: "debug.getinfo(1)", expected: "global 'debug'"),
    Escape(code: "getmetatable('').__index.upper = nil", expected: "a boolean value"),
    Escape(code: "setmetatable('', {})", expected: "bad argument #1 to 'setmetatable'"),
    Escape(code: "collectgarbage('stop')", expected: "collectgarbage('stop') is not allowed"),
    Escape(code: "collectgarbage('generational')", expected: "is not allowed"),
    Escape(code: "setmetatable({}, {__gc = function() end})", expected: "__gc metamethods are not allowed"),
  ]

  @Test(arguments: escapes)
  func everyEscapeFailsWithItsFileAndLineAndTheStateGoesOn(_ escape: Escape) throws {
    let lua = try LuaState()
    let error = try #require(sandboxError("local a = 1\n" + escape.code, state: lua))
    #expect(error.message.contains(escape.expected), "\(error.message)")
    #expect(error.chunk == "plugin.lua")
    #expect(error.line == 2)
    #expect(try runSandboxed("return 1 + 1", state: lua) == [2])
  }

  @Test func requireLoadsModulesFromThePluginFolderAsText() throws {
    let result = try runSandboxed(
      "local g = require('greeting') local i = require('sub.inner')\n"
        + "return g.hello('lua'), i.answer, i.loadedAs, require('greeting') == g")
    #expect(result == ["hello lua", 42, "sub.inner", true])
  }

  @Test func aSymlinkOutOfThePluginFolderIsRefused() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("luakit-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let outside = folder.deletingLastPathComponent().appendingPathComponent("outside-\(UUID()).lua")
    try Data("return 'escaped'".utf8).write(to: outside)
    defer { try? FileManager.default.removeItem(at: outside) }
    try FileManager.default.createSymbolicLink(
      at: folder.appendingPathComponent("link.lua"), withDestinationURL: outside)

    let lua = try LuaState()
    let environment = try lua.makeSandbox(moduleDirectory: folder.path)
    let chunk = try lua.load("return require('link')", chunkName: "@plugin.lua", environment: environment)
    #expect(throws: LuaError.self) { try lua.call(chunk) }
  }

  @Test func sandboxesAreIsolatedFromEachOther() throws {
    let lua = try LuaState()
    try runSandboxed("string.upper = nil shared = 1 math.pi = 3", state: lua)
    let result = try runSandboxed("return string.upper('a'), shared, math.pi > 3, ('b'):upper()", state: lua)
    #expect(result == ["A", .nil, true, "B"])
  }

  @Test func printGoesToTheHost() throws {
    let lua = try LuaState()
    var printed: [String] = []
    lua.printHandler = { printed.append($0) }
    try runSandboxed("print('a', 1, nil, true)", state: lua)
    #expect(printed == ["a\t1\tnil\ttrue"])
  }
}

import Foundation
import LuaKit
import Testing

/// `require` on a `ModuleSearchPath`: folders in order, and from any thread of the state.
@Suite struct ModuleSearchTests {
  /// Before: `require` pushed the module onto the main thread's stack, so in a coroutine (the
  /// REPL runs code in one) it returned the module's name instead of calling its chunk.
  @Test func requireWorksInsideACoroutine() throws {
    let result = try runSandboxed(
      "return coroutine.wrap(function() return require('greeting').hello('co') end)()")
    #expect(result == ["hello co"])
  }

  @Test func theFirstFolderHoldingAModuleWinsAndChunksAreNamedByTheirPrefix() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("luakit-\(UUID())")
    defer { try? FileManager.default.removeItem(at: root) }
    for (folder, text) in [("first", "return 'first'"), ("second", "return 'second'")] {
      let url = root.appendingPathComponent("\(folder)/m/which.lua")
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    try Data("error('from second')".utf8).write(to: root.appendingPathComponent("second/m/fails.lua"))
    let lua = try LuaState()
    let environment = try lua.makeSandbox(
      modules: ModuleSearchPath([
        .init(root.appendingPathComponent("first").path, role: "first"),
        .init(root.appendingPathComponent("second").path, role: "second", chunkPrefix: "sdk"),
      ]))
    let chunk = try lua.load(
      "return require('m.which'), select(2, pcall(require, 'm.fails'))", chunkName: "@t.lua",
      environment: environment)
    let results = try lua.call(chunk)
    #expect(results.first == "first")
    #expect(results.last == "sdk/m/fails.lua:1: from second")
  }
}

import Foundation
import LuaKit
import Testing

/// `LuaChunkCache`: the states of one run compile each file once, load the same functions from
/// the cached binaries (errors and tracebacks as a compile gives them), and compile a file again
/// when its bytes changed.
@Suite struct ChunkCacheTests {
  /// A plugin file and a module it requires, in a scratch folder.
  private struct Files {
    let folder: URL
    var plugin: String { folder.appendingPathComponent("plugin.lua").path }

    init(module: String) throws {
      folder = FileManager.default.temporaryDirectory.appendingPathComponent("luakit-chunks-\(UUID())")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data(
        """
        local helper = require('lib.helper')
        local text = helper.describe({})
        return text
        """.utf8
      ).write(to: folder.appendingPathComponent("plugin.lua"))
      try writeModule(module)
    }

    func writeModule(_ text: String) throws {
      let url = folder.appendingPathComponent("lib/helper.lua")
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }

    /// Loads and runs the plugin in a new state on `cache`, as a host does.
    func run(cache: LuaChunkCache?) throws -> [LuaValue] {
      let lua = try LuaState()
      lua.chunkCache = cache
      let environment = try lua.makeSandbox(
        modules: ModuleSearchPath([.init(folder.path, role: "the plugin's folder", chunkPrefix: "plug")]))
      return try lua.call(try lua.loadFile(plugin, environment: environment))
    }

    /// The error the plugin fails with in a new state on `cache`.
    func failure(cache: LuaChunkCache?) throws -> LuaError {
      do {
        _ = try run(cache: cache)
      } catch let error as LuaError {
        return error
      }
      throw LuaError(.runtime, "the plugin did not fail")
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
  }

  private static let module = """
    local M = {}
    function M.describe(t)
      return "x is " .. tostring(t.x)
    end
    return M
    """

  @Test func eachFileIsCompiledOncePerCacheWhateverTheNumberOfStates() throws {
    let files = try Files(module: Self.module)
    defer { files.remove() }
    let cache = LuaChunkCache()
    for _ in 0..<5 { #expect(try files.run(cache: cache) == ["x is nil"]) }
    // The sandbox's prelude, the plugin file and its module: three compiles, then binaries.
    #expect(cache.compiles == 3)
    #expect(cache.hits == 3 * 4)
  }

  @Test func aFileEditedSinceItWasCachedIsCompiledAgain() throws {
    let files = try Files(module: Self.module)
    defer { files.remove() }
    let cache = LuaChunkCache()
    #expect(try files.run(cache: cache) == ["x is nil"])
    try files.writeModule(Self.module.replacingOccurrences(of: "x is", with: "now x is"))
    #expect(try files.run(cache: cache) == ["now x is nil"])
    #expect(cache.compiles == 4)
    // The edited module is the one cached now.
    #expect(try files.run(cache: cache) == ["now x is nil"])
    #expect(cache.compiles == 4)
  }

  @Test func aRuntimeErrorInACachedModuleReadsAsWhenItWasCompiled() throws {
    let files = try Files(
      module: """
        local M = {}
        function M.describe(t)
          local inner = t.x
          return inner.y
        end
        return M
        """)
    defer { files.remove() }
    let uncached = try files.failure(cache: nil)
    let cache = LuaChunkCache()
    let compiled = try files.failure(cache: cache)
    let fromBinary = try files.failure(cache: cache)
    #expect(cache.hits == 3)
    // The local's name comes from the debug information the binary keeps.
    #expect(uncached.message == "plug/lib/helper.lua:4: attempt to index a nil value (local 'inner')")
    #expect(uncached.chunk == "plug/lib/helper.lua" && uncached.line == 4)
    for error in [compiled, fromBinary] {
      #expect(error.message == uncached.message)
      #expect(error.traceback == uncached.traceback)
      #expect(error.kind == uncached.kind)
    }
    // The function's name in the traceback comes from the debug information too.
    #expect(
      uncached.traceback?.contains("plug/lib/helper.lua:4: in field 'describe'") == true,
      "\(uncached.traceback ?? "")")
    // (The plugin's chunk is named by its whole path, which Lua shortens in tracebacks.)
    #expect(uncached.traceback?.contains(".lua:2: in main chunk") == true, "\(uncached.traceback ?? "")")
  }

  @Test func aSyntaxErrorIsNotCachedAndReadsTheSameEachTime() throws {
    let files = try Files(module: "return {")
    defer { files.remove() }
    let cache = LuaChunkCache()
    let first = try files.failure(cache: cache)
    let second = try files.failure(cache: cache)
    #expect(first.message == second.message)
    #expect(first.message.hasPrefix("plug/lib/helper.lua:1:"), "\(first.message)")
    #expect(cache.compiles == 4)
  }

  @Test func aBinaryFileIsRefusedWithACacheToo() throws {
    let files = try Files(module: Self.module)
    defer { files.remove() }
    let dumped = try Data(contentsOf: URL(fileURLWithPath: files.plugin))
    let cache = LuaChunkCache()
    _ = try files.run(cache: cache)
    // A precompiled chunk (its signature is enough: it is refused before Lua reads further).
    try (Data([0x1B]) + Data("Lua".utf8) + dumped).write(
      to: files.folder.appendingPathComponent("lib/helper.lua"))
    let error = try files.failure(cache: cache)
    #expect(error.message.contains("attempt to load a binary chunk"), "\(error.message)")
  }

  @Test func pastItsLimitTheCacheCompilesWithoutKeeping() throws {
    let files = try Files(module: Self.module)
    defer { files.remove() }
    let cache = LuaChunkCache(byteLimit: 0)
    for _ in 0..<3 { #expect(try files.run(cache: cache) == ["x is nil"]) }
    #expect(cache.compiles == 9)
    #expect(cache.hits == 0)
  }
}

import Foundation
import LuaKit
import Testing

/// What the host keeps on Lua code's behalf counts against the memory budget
/// (`LuaState.holdHostMemory`), and source files are checked by size before they are read.
@Suite struct HostMemoryTests {
  static let limits = LuaLimits(memoryBytes: 8 << 20)

  @Test func reservedBytesCountAgainstLuasOwnAllocations() throws {
    let lua = try LuaState(limits: Self.limits)
    try lua.holdHostMemory(7 << 20, for: "test records")
    #expect(lua.hostMemoryHeld == 7 << 20)
    let error = try #require(sandboxError("local s = string.rep('x', 2 * 1024 * 1024)", state: lua))
    #expect(error.kind == .memoryBudget, "\(error.message)")
    lua.releaseHostMemory(7 << 20)
    #expect(try runSandboxed("return #string.rep('x', 2 * 1024 * 1024)", state: lua) == [2_097_152])
  }

  @Test func aReservationPastTheBudgetIsRefusedNamingWhatAskedForIt() throws {
    let lua = try LuaState(limits: Self.limits)
    try lua.holdHostMemory(6 << 20, for: "timer.after")
    #expect(throws: LuaError.self) { try lua.holdHostMemory(3 << 20, for: "timer.after") }
    do {
      try lua.holdHostMemory(3 << 20, for: "timer.after (each pending timer counts 1024 bytes)")
    } catch {
      #expect(error.kind == .memoryBudget)
      #expect(
        error.message.hasPrefix(
          "timer.after (each pending timer counts 1024 bytes): memory budget exceeded (8 MiB, of which the "
            + "host's records for this code hold 6291456 bytes)"), "\(error.message)")
    }
    #expect(lua.hostMemoryHeld == 6 << 20)
  }

  /// A folder with `files` (name → bytes), removed when the test ends.
  final class Folder {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("luakit-\(UUID())")
    init(_ files: [String: Data]) throws {
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
      for (name, data) in files { try data.write(to: url.appendingPathComponent(name)) }
    }
    deinit { try? FileManager.default.removeItem(at: url) }
    var path: String { url.path }
  }

  /// The 09 reproducer at a small size: a module bigger than the budget is refused unread,
  /// naming the module, its file and the budget (it used to be read whole, then fail with
  /// "not enough memory").
  @Test func aModuleLargerThanTheBudgetIsRefusedBeforeItIsRead() throws {
    let big = Data(("return \"" + String(repeating: "a", count: 9 << 20) + "\"").utf8)
    let folder = try Folder(["big.lua": big])
    let lua = try LuaState(limits: Self.limits)
    let environment = try lua.makeSandbox(moduleDirectory: folder.path)
    let chunk = try lua.load("return pcall(require, 'big')", chunkName: "@r.lua", environment: environment)
    let results = try lua.call(chunk)
    #expect(results.first == false)
    let message = results.last?.stringValue ?? ""
    #expect(
      message.hasPrefix("r.lua:1: module 'big': "), "\(message)")
    #expect(
      message.hasSuffix(
        "big.lua is \(big.count) bytes, larger than the memory budget (8 MiB): not read"), "\(message)")
    #expect(lua.peakMemory < 4 << 20)
  }

  /// Bytes that start as a precompiled chunk does (ESC "Lua").
  static let binaryChunk = Data([0x1B, 0x4C, 0x75, 0x61, 0x54, 0x00, 0x19, 0x93])

  @Test func aBinaryPluginFileIsRefusedNamingTheFile() throws {
    let folder = try Folder(["plugin.lua": Self.binaryChunk])
    let lua = try LuaState()
    let path = folder.path + "/plugin.lua"
    #expect {
      try lua.loadFile(path)
    } throws: { error in
      let message = (error as? LuaError)?.message ?? ""
      return message
        == "\(path): attempt to load a binary chunk (precompiled Lua): only source text is loaded"
    }
  }

  @Test func aBinaryModuleIsRefusedNamingTheModuleAndItsFile() throws {
    let folder = try Folder(["bc.lua": Self.binaryChunk])
    let lua = try LuaState()
    let environment = try lua.makeSandbox(moduleDirectory: folder.path)
    let chunk = try lua.load("return pcall(require, 'bc')", chunkName: "@r.lua", environment: environment)
    let message = try lua.call(chunk).last?.stringValue ?? ""
    #expect(message.hasPrefix("r.lua:1: module 'bc': "), "\(message)")
    #expect(
      message.hasSuffix(
        "bc.lua: attempt to load a binary chunk (precompiled Lua): only source text is loaded"),
      "\(message)")
  }
}

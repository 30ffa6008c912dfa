import Foundation
import TestFiles
import Testing

/// `require` for plugins wherever they live: adhost's SDK first, then the plugin's folder, then
/// `--lib` and `ADHOST_LUA_PATH` folders; a symlink is followed only into one of those, and
/// refused by name otherwise (docs/plugin-api.md, "Plugins and their sandbox").
@Suite struct SDKRequireTests {
  @Test func aPluginOutsidePluginsRequiresTheSDKWithoutCopyingIt() async throws {
    let scratch = try Scratch()
    let plugin = try scratch.write(
      "plugin.lua",
      """
      local tracking = require("adhost.tracking")
      local stitched = require("adhost.stitched")
      player.ads:registerServerSideIntegration("test", function(controller)
        local session = stitched.new(controller)
        return {
          setSource = function()
            log.warn("midpoint at " .. tracking.quartileTimes(4, 8).midpoint)
            session:upsertBreak("b1", { startTime = 2, duration = 3, events = {} })
            return true
          end,
        }
      end)
      """)
    let source = try scratch.source(duration: 10, ssai: #"{"integration": "test"}"#)
    let run = await adhost(["run", plugin, source, "--json"])
    #expect(run.code == 0, "\(run.errors)")
    #expect(run.events("log").compactMap { $0["message"] as? String } == ["midpoint at 8.0"])
    #expect(run.events("addadbreak").count == 1)
    let files = try FileManager.default.contentsOfDirectory(atPath: scratch.folder.path)
    #expect(files.filter { !$0.hasPrefix("source-") } == ["plugin.lua"], "nothing copied beside the plugin")
  }

  @Test func anSDKModuleIsNotShadowedByThePluginsFolderWhichComesBeforeLibFolders() async throws {
    let scratch = try Scratch()
    try Self.write(scratch, "adhost/tracking.lua", "return { shadow = true }")
    try Self.write(scratch, "mine/x.lua", "return 'plugin'")
    try Self.write(scratch, "lib/mine/x.lua", "return 'lib'")
    try Self.write(scratch, "lib/mine/only.lua", "return 'lib only'")
    let file = try scratch.write(
      "main.lua",
      """
      local tracking = require("adhost.tracking")
      return tostring(tracking.shadow), tracking.quartileTimes(0, 4).midpoint, require("mine.x"),
        require("mine.only")
      """)
    let run = await adhost(["lua", file, "--lib", scratch.folder.appendingPathComponent("lib").path])
    #expect(run.code == 0, "\(run.errors)")
    #expect(run.output == #""nil"\#t2.0\#t"plugin"\#t"lib only""# + "\n")
  }

  @Test func libFoldersComeInOrderThenADHOST_LUA_PATH() async throws {
    let scratch = try Scratch()
    for (folder, modules) in [
      ("one", ["a", "b"]), ("two", ["a", "b", "c"]), ("three", ["a", "b", "c", "d"]),
    ] {
      for module in modules { try Self.write(scratch, "\(folder)/m/\(module).lua", "return '\(folder)'") }
    }
    let file = try scratch.write(
      "main.lua", "return require('m.a'), require('m.b'), require('m.c'), require('m.d')")
    let path = { (name: String) in scratch.folder.appendingPathComponent(name).path }
    let process = Process()
    process.executableURL = Self.executable
    process.arguments = ["lua", file, "--lib", path("one")]
    process.environment = ["ADHOST_LUA_PATH": path("two") + "::" + path("three")]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    process.waitUntilExit()
    let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(process.terminationStatus == 0)
    #expect(printed == #""one"\#t"one"\#t"two"\#t"three""# + "\n")
  }

  @Test func aSymlinkThatStaysInsideTheFoldersResolves() async throws {
    let scratch = try Scratch()
    try Self.write(scratch, "shared/util.lua", "return 'shared util'")
    try Self.write(scratch, "plugin/real/impl.lua", "return 'impl'")
    let pluginFolder = scratch.folder.appendingPathComponent("plugin")
    try FileManager.default.createSymbolicLink(
      atPath: pluginFolder.appendingPathComponent("util").path,
      withDestinationPath: scratch.folder.appendingPathComponent("shared").path)
    try FileManager.default.createSymbolicLink(
      atPath: pluginFolder.appendingPathComponent("alias.lua").path, withDestinationPath: "real/impl.lua")
    let file = try scratch.write("plugin/main.lua", "return require('util.util'), require('alias')")
    let run = await adhost(["lua", file, "--lib", scratch.folder.appendingPathComponent("shared").path])
    #expect(run.code == 0, "\(run.errors)")
    #expect(run.output == #""shared util"\#t"impl""# + "\n")
  }

  @Test func aSymlinkOutOfTheFoldersIsRefusedSayingWhereItPoints() async throws {
    let scratch = try Scratch()
    try Self.write(scratch, "elsewhere/lib/stitched.lua", "return 'escaped'")
    let target = scratch.folder.appendingPathComponent("elsewhere/lib").path
    try FileManager.default.createDirectory(
      at: scratch.folder.appendingPathComponent("plugin"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: scratch.folder.appendingPathComponent("plugin/lib").path, withDestinationPath: target)
    let file = try scratch.write("plugin/main.lua", "return require('lib.stitched')")
    let run = await adhost(["lua", file])
    #expect(run.code == 1)
    #expect(run.errors.contains("module 'lib.stitched': "), "\(run.errors)")
    #expect(run.errors.contains("/plugin/lib is a symlink to \(target)"), "\(run.errors)")
    #expect(run.errors.contains("outside the folders modules load from"), "\(run.errors)")
    #expect(!run.output.contains("escaped"))
  }

  @Test func aFolderNamedLikeTheModulesFileIsPassedOverForTheNextFolder() async throws {
    let scratch = try Scratch()
    try Self.write(scratch, "plugin/x.lua/inside.lua", "return 'inside'")
    try Self.write(scratch, "lib/x.lua", "return 'lib'")
    let file = try scratch.write("plugin/main.lua", "return require('x')")
    let run = await adhost(["lua", file, "--lib", scratch.folder.appendingPathComponent("lib").path])
    #expect(run.code == 0, "\(run.errors)")
    #expect(run.output == #""lib""# + "\n")
  }

  @Test func aSymlinkToNothingSaysSo() async throws {
    let scratch = try Scratch()
    try FileManager.default.createSymbolicLink(
      atPath: scratch.folder.appendingPathComponent("gone.lua").path, withDestinationPath: "missing/gone.lua")
    let file = try scratch.write("main.lua", "return require('gone')")
    let run = await adhost(["lua", file])
    #expect(run.code == 1)
    #expect(
      run.errors.contains("gone.lua is a symlink to missing/gone.lua, which does not exist"), "\(run.errors)")
  }

  @Test(arguments: ["../secret", "/etc/passwd", "a..b", "lib/stitched", ".hidden", "x."])
  func namesThatCouldEscapeAreRefused(_ name: String) async throws {
    let scratch = try Scratch()
    let file = try scratch.write("main.lua", "return require('\(name)')")
    let run = await adhost(["lua", file])
    #expect(run.code == 1)
    #expect(
      run.errors.contains("module '\(name)' not found: module names are words separated by dots"),
      "\(run.errors)")
  }

  @Test func aMissingModuleListsEveryPlaceLookedAt() async throws {
    let scratch = try Scratch()
    let lib = scratch.folder.appendingPathComponent("lib")
    try FileManager.default.createDirectory(at: lib, withIntermediateDirectories: true)
    let file = try scratch.write("main.lua", "return require('no.such')")
    let run = await adhost(["lua", file, "--lib", lib.path])
    #expect(run.code == 1)
    let lines = run.errors.split(separator: "\n").map(String.init)
    #expect(lines.first == "error: module 'no.such' not found:", "\(run.errors)")
    #expect(
      lines.dropFirst().first?.hasSuffix("adhost_AdhostSDK.resources/no/such.lua' (adhost's SDK)") == true)
    #expect(
      lines.dropFirst(2).first == "\tno file '\(scratch.folder.path)/no/such.lua' (the plugin's folder)")
    #expect(lines.dropFirst(3).first == "\tno file '\(lib.path)/no/such.lua' (a library folder)")
  }

  @Test func adhostTestPassesItsLibFoldersToEveryScenario() async throws {
    let scratch = try Scratch()
    try Self.write(scratch, "shared/helper/name.lua", "return 'from --lib'")
    try scratch.write(
      "plugin.lua",
      """
      local name = require("helper.name")
      player.ads:registerServerSideIntegration("test", function()
        return { setSource = function() log.warn(name) return true end }
      end)
      """)
    try scratch.write(
      "source.json",
      #"{"sources": [{"src": "https://cdn.example/c.m3u8", "ssai": {"integration": "test"}}], "duration": 4}"#
    )
    let scenario = try scratch.write(
      "lib.scenario.json",
      #"{"plugin": "plugin.lua", "source": "source.json", "events": [{"type": "ended", "at": 4}]}"#)
    let without = await adhost(["test", scenario])
    #expect(without.code == 1, "\(without.output)")
    let with = await adhost(["test", scenario, "--lib", scratch.folder.appendingPathComponent("shared").path])
    #expect(with.code == 0, "\(with.output)")
  }

  @Test func statsAreRefusedWithHost() async throws {
    let scratch = try Scratch()
    let file = try scratch.write("main.lua", "return 1")
    let run = await adhost(["lua", file, "--host", "--stats"])
    #expect(run.code == 64)
    #expect(run.errors.contains("--stats measures the sandbox alone: not with --host"), "\(run.errors)")
  }

  @Test func aLibThatIsNoFolderIsBadUsage() async throws {
    let scratch = try Scratch()
    let file = try scratch.write("main.lua", "return 1")
    let run = await adhost(["lua", file, "--lib", scratch.folder.appendingPathComponent("nowhere").path])
    #expect(run.code == 64)
    #expect(run.errors.contains("--lib \(scratch.folder.path)/nowhere: no such folder"), "\(run.errors)")
  }

  /// Writes `text` to `path` under the scratch folder, making its folders.
  static func write(_ scratch: Scratch, _ path: String, _ text: String) throws {
    let url = scratch.folder.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }

  /// The `adhost` executable built beside the tests.
  static var executable: URL {
    let tests = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    return tests.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("adhost")
  }
}

import Foundation
import LuaKit
import TestFiles
import Testing

@testable import AdhostCLI

/// The scenarios of one `adhost test` share one `LuaChunkCache`: the plugin file, the SDK's and
/// the plugin's modules are compiled once for the run, not once per scenario.
@Suite struct TestChunkSharingTests {
  @Test func scenariosOfOnePluginCompileEachModuleOncePerRun() async throws {
    let scratch = try Scratch()
    try FileManager.default.createDirectory(
      at: scratch.folder.appendingPathComponent("lib"), withIntermediateDirectories: true)
    try scratch.write(
      "lib/helper.lua",
      """
      return { breakAt = function() return 1 end }
      """)
    try scratch.write(
      "ads.lua",
      """
      local helper = require("lib.helper")
      player.ads:registerServerSideIntegration("x", function(controller)
        return { setSource = function(source)
          local b = controller:createAdBreak({timeOffset = helper.breakAt()})
          controller:createAd({type = "linear", duration = 0.5}, b)
          return true
        end }
      end)
      """)
    let files = try (0..<4).map { index in
      try scratch.write(
        "s\(index).scenario.json",
        #"{"plugin": "ads.lua", "source": {"sources": [{"src": "https://cdn.example/x.mp4", "#
          + #""ssai": {"integration": "x"}}], "duration": 3}}"#)
    }
    let cache = LuaChunkCache()
    let results = await ParallelScenarios.run(
      ScenarioProgress(files: files) { _ in }, jobs: 1, update: false, chunks: cache)
    #expect(results.map(\.passed) == [true, true, true, true], "\(results.map(\.failures))")
    // The sandbox's prelude, ads.lua and lib/helper.lua, once each; the other three runs load
    // the three from their binaries.
    #expect(cache.compiles == 3)
    #expect(cache.hits == 9)

    // The same cache after the module changed: only the module is compiled again.
    try scratch.write("lib/helper.lua", "return { breakAt = function() return 2 end }")
    let again = await ParallelScenarios.run(
      ScenarioProgress(files: [files[0]]) { _ in }, jobs: 1, update: false, chunks: cache)
    #expect(again.map(\.passed) == [true])
    #expect(cache.compiles == 4)
  }
}

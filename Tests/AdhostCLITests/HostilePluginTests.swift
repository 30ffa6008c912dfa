import Foundation
import TestFiles
import Testing

/// A plugin that loops or allocates without end is stopped, reported, and the content plays on.
@Suite struct HostilePluginTests {
  static let budgets = ["--instructions", "2000000", "--memory", "16"]

  func run(listener body: String) async throws -> RunResult {
    let scratch = try Scratch()
    let plugin = try scratch.write(
      "plugin.lua",
      """
      player.ads:registerServerSideIntegration("test", function(controller)
        player:addEventListener("timeupdate", function(event)
          \(body)
        end)
        return { setSource = function() return true end }
      end)
      """)
    let source = try scratch.source(duration: 2, ssai: #"{"integration": "test"}"#)
    return await adhost(["run", plugin, source, "--json"] + Self.budgets)
  }

  @Test func aListenerThatLoopsForeverIsStoppedAndTheContentEnds() async throws {
    let run = try await run(listener: "while true do end")
    #expect(run.code == 0, "\(run.errors)")
    let messages = run.events("aderror").compactMap { $0["message"] as? String }
    #expect(messages.count == 8)
    #expect(messages.allSatisfy { $0.contains("plugin.lua:3: instruction budget exceeded") }, "\(messages)")
    #expect(run.events("ended").first?["t"] as? Double == 2)
  }

  @Test func aListenerThatAllocatesWithoutEndIsStoppedAndTheContentEnds() async throws {
    let run = try await run(listener: "local t = {} for i = 1, math.huge do t[i] = ('x'):rep(64) .. i end")
    #expect(run.code == 0, "\(run.errors)")
    let messages = run.events("aderror").compactMap { $0["message"] as? String }
    #expect(!messages.isEmpty)
    #expect(
      messages.allSatisfy { $0.contains("plugin.lua:3: memory budget exceeded (16 MiB)") }, "\(messages)")
    #expect(run.events("ended").first?["t"] as? Double == 2)
  }

  @Test func aSetSourceThatLoopsForeverIsFatalNotAHang() async throws {
    let scratch = try Scratch()
    let plugin = try scratch.write(
      "plugin.lua",
      """
      player.ads:registerServerSideIntegration("test", function(controller)
        return { setSource = function() while true do end end }
      end)
      """)
    let source = try scratch.source(ssai: #"{"integration": "test"}"#)
    let run = await adhost(["run", plugin, source, "--json"] + Self.budgets)
    #expect(run.code == 70)
    #expect(run.errors.contains("instruction budget exceeded"))
  }
}

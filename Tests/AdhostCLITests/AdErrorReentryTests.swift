import Foundation
import TestFiles
import Testing

/// An `aderror` listener that raises another `aderror` (by `controller:error`, or by failing)
/// re-enters at most `maxNestedAdErrors` deep; the one past it is logged as `aderror-dropped`, and
/// the content plays on to its end.
@Suite struct AdErrorReentryTests {
  func run(listener: String) async throws -> RunResult {
    let scratch = try Scratch()
    let plugin = try scratch.write(
      "plugin.lua",
      """
      player.ads:registerServerSideIntegration("test", function(controller)
        local n = 0
        player.ads:addEventListener("aderror", function(event)
          n = n + 1
          \(listener)
        end)
        timer.after(1, function() controller:error("first") end)
        return { setSource = function() return true end }
      end)
      """)
    return await adhost([
      "run", plugin, try scratch.source(duration: 3, ssai: #"{"integration": "test"}"#), "--json",
    ])
  }

  @Test(arguments: [#"controller:error("again " .. n)"#, #"error("listener broke " .. n)"#])
  func aListenerRaisingAdErrorsReentersABoundedNumberOfTimes(listener: String) async throws {
    let run = try await run(listener: listener)
    #expect(run.code == 0, "\(run.errors)")
    #expect(run.events("aderror").count == 8)
    let dropped = try #require(run.events("aderror-dropped").first)
    #expect(dropped["reason"] as? String == "raised inside 8 nested aderror listeners")
    #expect((dropped["message"] as? String)?.contains("8") == true, "\(dropped)")
    #expect(run.events("aderror-dropped").count == 1)
    #expect(run.events("ended").count == 1)
  }

  /// The 64-deep refusal is reported as an aderror once the stack unwound; an aderror listener
  /// that sets off the same runaway chain again gets its next refusal as a plugin-error log entry.
  @Test func aRefusalReportedAsAdErrorCannotRestartItsOwnChain() async throws {
    let scratch = try Scratch()
    let plugin = try scratch.write(
      "plugin.lua",
      """
      player.ads:registerServerSideIntegration("test", function(controller)
        player:addEventListener("seeked", function() player.currentTime = 2 end)
        player.ads:addEventListener("aderror", function() player.currentTime = 3 end)
        timer.after(1, function() player.currentTime = 1 end)
        return { setSource = function() return true end }
      end)
      """)
    let run = await adhost([
      "run", plugin, try scratch.source(duration: 5, ssai: #"{"integration": "test"}"#), "--json",
    ])
    #expect(run.code == 0, "\(run.errors)")
    #expect(run.events("aderror").count == 1)
    #expect(run.events("plugin-error").count == 1)
    #expect((run.events("plugin-error").first?["message"] as? String)?.contains("nested 64 deep") == true)
    #expect(run.events("ended").count == 1)
  }
}

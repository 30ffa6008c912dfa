import Foundation
import TestFiles
import Testing

/// Errors in each plugin callback: named by file and line, logged as THEOplayer would, and fatal
/// only where the SSAI API says so.
@Suite struct PluginErrorTests {
  /// A plugin whose handler `failing` member raises at line 3; the others work.
  static func plugin(failing member: String) -> String {
    let failure = "      error('broken " + member + "')"
    func body(_ name: String, _ normal: String) -> String {
      name == member ? failure : "      " + normal
    }
    return """
      player.ads:registerServerSideIntegration("test", function(controller)
        local handler = {}
        handler.setSource = function(source)
      \(body("setSource", "return true"))
        end
        handler.skipAd = function(ad)
      \(body("skipAd", "controller:skipAd(ad)"))
        end
        handler.resetSource = function()
      \(body("resetSource", "controller:removeAllAds()"))
        end
        handler.destroy = function()
      \(body("destroy", "return"))
        end
        local brk = controller:createAdBreak({ timeOffset = 0 })
        controller:createAd({ type = "linear", id = "a1", duration = 4, skipOffset = 0 }, brk)
        player:addEventListener("playing", function()
          if #controller.ads > 0 and not controller.ads[1].playing and controller.ads[1].adBreak then
            controller:beginAd(controller.ads[1])
          end
        end)
        player:addEventListener("timeupdate", function(event)
      \(body("listener", "return"))
        end)
        timer.after(1, function()
      \(body("timer", "return"))
        end)
        return handler
      end)
      """
  }

  func run(failing member: String, actions: String? = nil) async throws -> RunResult {
    let scratch = try Scratch()
    let plugin = try scratch.write("plugin.lua", Self.plugin(failing: member))
    var arguments = [
      "run", plugin, try scratch.source(duration: 3, ssai: #"{"integration": "test"}"#), "--json",
    ]
    if let actions { arguments += ["--actions", try scratch.write("actions.json", actions)] }
    return await adhost(arguments)
  }

  @Test func setSourceFailingIsFatalAndNamesTheLine() async throws {
    let run = try await run(failing: "setSource")
    #expect(run.code == 70)
    let error = try #require(run.events("error").first)
    #expect((error["message"] as? String)?.contains("plugin.lua:4: broken setSource") == true, "\(error)")
    #expect(run.errors.contains("stack traceback"))
  }

  @Test(arguments: ["listener", "timer", "skipAd"])
  func aFailingCallbackIsANonFatalAdErrorAndTheContentPlays(member: String) async throws {
    let run = try await run(failing: member, actions: #"[{"at": 0.5, "do": "skip"}]"#)
    #expect(run.code == 0, "\(run.errors)")
    let messages = run.events("aderror").compactMap { $0["message"] as? String }
    #expect(messages.contains { $0.contains("broken \(member)") }, "\(messages)")
    #expect(messages.allSatisfy { $0.contains("plugin.lua:") })
    #expect(run.events("ended").count == 1)
  }

  @Test func destroyFailingIsLoggedAndTheRunEndsNormally() async throws {
    let run = try await run(failing: "destroy")
    #expect(run.code == 0, "\(run.errors)")
    #expect(run.events("aderror").contains { ($0["message"] as? String)?.contains("broken destroy") == true })
  }

  @Test func resetSourceFailingIsReportedAsAFatalErrorAtTheEnd() async throws {
    let run = try await run(failing: "resetSource")
    #expect(run.events("ended").count == 1)
    #expect(
      run.events("error").contains { ($0["message"] as? String)?.contains("broken resetSource") == true })
  }
}

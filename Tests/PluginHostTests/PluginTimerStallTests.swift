import AdPlayer
import Foundation
import HTTPKit
import HTTPTestSupport
import HeadlessHost
import PlayerSeam
import PluginHost
import TestFiles
import Testing

/// A plugin's timers are the plugin's: once only they are left and no content can play (after a
/// fatal error, say), a run without limit stalls naming the plugin instead of firing them for
/// ever (issue 37, item 11).
@Suite struct PluginTimerStallTests {
  @Test func aPluginPollingAfterAFatalErrorStallsNamingThePlugin() async throws {
    let scratch = try Scratch()
    // The poll cancels itself after 1000 fires: without the check the run ends idle, not never.
    let plugin = try scratch.write(
      "yospace.lua",
      """
      player.ads:registerServerSideIntegration("test", function(controller)
        return {
          setSource = function(source)
            local fires, poll = 0, nil
            poll = timer.every(5, function()
              fires = fires + 1
              if fires == 1000 then poll:cancel() end
            end)
            timer.after(1, function() controller:fatalError("the session is gone") end)
            return true
          end,
        }
      end)
      """)
    let outcome = try await onOwnThread { () -> LoopOutcome in
      var options = PluginHostOptions(http: HTTPClient())
      options.engine.defaultTimeline = .live
      options.engine.readsPlaylists = false
      let host = try HeadlessHost(options: options)
      try host.loadPlugin(at: plugin)
      host.player.autoplay = true
      host.player.setSource(
        SourceDescription(
          sources: [
            TypedSource(src: "https://example.com/live.m3u8", ssai: SSAIConfiguration(integration: "test"))
          ]
        ))
      return host.player.run()
    }
    #expect(outcome.kind == .stalled, "\(outcome.reason)")
    #expect(outcome.time == 1)
    #expect(outcome.reason.hasPrefix("stalled: only the timers of \(plugin) are left"), "\(outcome.reason)")
    #expect(
      outcome.reason.contains("playback stopped by error 10000: the session is gone"), "\(outcome.reason)")
  }
}

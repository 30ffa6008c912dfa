import AdPlayer
import Foundation
import HTTPKit
import HTTPTestSupport
import HeadlessHost
import LoopbackHTTP
import PlayerSeam
import PluginHost
import TestFiles
import Testing

/// `resetSource` and `destroy` end what a plugin has under way for the old source.
@Suite struct LifecycleTests {
  @Test func aNewSourceCancelsPendingRequestsAndTimersOfTheOldOne() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    // Answers long after the test is over: only cancelling can end the wait.
    server.route("/slow") { _ in LoopbackResponse(body: Data("late".utf8), fault: .delay(30)) }
    let scratch = try Scratch()
    let plugin = try scratch.write(
      "plugin.lua",
      """
      player.ads:registerServerSideIntegration("test", function(controller)
        return {
          setSource = function(source)
            timer.after(1, function()
              local response, message = http.get("\(server.baseURL.absoluteString)/slow")
              log.warn("request ended", response == nil, message)
            end)
            timer.after(3, function() log.warn("a timer of the old source fired") end)
            return true
          end,
        }
      end)
      """)
    let (lines, firstRun) = try await onOwnThread { () -> ([String], LoopOutcome.Kind) in
      var options = PluginHostOptions(http: HTTPClient(timeout: 60))
      options.engine.defaultTimeline = .vod(10)
      let host = try HeadlessHost(options: options)
      host.loop.ioTimeout = 0.5
      try host.loadPlugin(at: plugin)
      let ssai = SSAIConfiguration(integration: "test")
      host.player.setSource(
        SourceDescription(sources: [TypedSource(src: "https://example.com/1.m3u8", ssai: ssai)]))
      // The request never answers in time: the run stalls with it outstanding…
      let first = host.player.run(until: 5).kind
      // …and a new source ends it: the plugin's code gets "cancelled", its timers are gone.
      host.player.setSource(SourceDescription(sources: [TypedSource(src: "https://example.com/2.m3u8")]))
      _ = host.player.run(until: 5)
      let lines = host.player.log.entries.filter { $0.kind == .log }.compactMap {
        $0.fields["message"]?.stringValue
      }
      return (lines, first)
    }
    #expect(firstRun == .stalled)
    #expect(lines == ["request ended true cancelled"])
    #expect(server.requests(for: "/slow").count == 1)
  }
}

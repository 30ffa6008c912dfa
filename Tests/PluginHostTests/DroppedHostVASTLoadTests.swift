import AdPlayer
import Foundation
import HTTPKit
import HTTPTestSupport
import HeadlessHost
import LoopbackHTTP
import PlayerSeam
import TestFiles
import Testing

@testable import PluginHost

/// A plugin's `vast.load` in flight does not keep its host alive: a host dropped meanwhile is
/// freed at once, and the answer arriving later runs none of the plugin's code and logs nothing.
@Suite struct DroppedHostVASTLoadTests {
  static let plugin = """
    player.ads:registerServerSideIntegration("t", function(controller)
      return {
        setSource = function(source)
          local ads, failure = vast.load(source.sources[1].ssai.tag)
          log.warn("loaded", ads ~= nil, failure and failure.message)
          return true
        end,
      }
    end)
    """

  /// A server whose `/vast` answers an empty VAST document once `gate` opens.
  static func gatedVASTServer(_ gate: DroppedHostWorkTests.Gate) throws -> LoopbackServer {
    let server = try LoopbackServer()
    server.route("/vast") { _ in
      gate.wait()
      return LoopbackResponse(body: Data(#"<VAST version="4.1"/>"#.utf8))
    }
    return server
  }

  @Test func aHostDroppedWhileAVASTRequestIsInFlightIsFreedAtOnce() async throws {
    let gate = DroppedHostWorkTests.Gate()
    let server = try Self.gatedVASTServer(gate)
    defer { server.stop() }
    let scratch = try Scratch()
    let plugin = try scratch.write("plugin.lua", Self.plugin)
    let tag = server.url("/vast").absoluteString
    let (freed, stalled, lines) = try await onOwnThread { () -> (Bool, Bool, [String]) in
      weak var weakHost: PluginHost?
      let player: Player
      let stalled: Bool
      do {
        let host = try HeadlessHost(options: PluginHostOptions(http: HTTPClient(timeout: 5)))
        host.loop.ioTimeout = 0.2
        try host.loadPlugin(at: plugin)
        let ssai = SSAIConfiguration(
          integration: "t", otherFields: JSONObject([("tag", .string(tag))]))
        host.player.setSource(
          SourceDescription(sources: [TypedSource(src: "https://example.com/a.m3u8", ssai: ssai)]))
        // The request waits at the gate: the run stalls with it outstanding.
        stalled = host.player.run(until: 1).kind == .stalled
        player = host.player
        weakHost = host.pluginHost
      }
      let freed = weakHost == nil
      // The answer arrives after the host is gone; the player's loop then runs what it queued.
      gate.openAndAwaitPassage()
      player.loop.ioTimeout = 5
      _ = player.run(until: 2)
      let lines = player.log.entries.filter { $0.kind == .log }.compactMap {
        $0.fields["message"]?.stringValue
      }
      return (freed, stalled, lines)
    }
    #expect(stalled, "the run did not wait for the VAST request")
    #expect(freed, "the VAST request in flight kept the dropped host alive")
    #expect(lines == [], "the plugin ran after its host was dropped")
    #expect(server.requests(for: "/vast").count == 1)
    _ = scratch
  }

  /// The same for the host's own client-side ads (the source's `ads`): their document in
  /// flight neither keeps the host nor is scheduled on arrival.
  @Test func aHostDroppedWhileClientSideAdsLoadIsFreedAtOnce() async throws {
    let gate = DroppedHostWorkTests.Gate()
    let server = try Self.gatedVASTServer(gate)
    defer { server.stop() }
    let source = try SourceDescription(
      jsonText: #"{"sources": [{"src": "https://example.com/a.m3u8"}], "ads": [{"sources": ""#
        + server.url("/vast").absoluteString + #""}]}"#)
    let (freed, stalled, types) = try await onOwnThread { () -> (Bool, Bool, [String]) in
      weak var weakHost: PluginHost?
      let player: Player
      let stalled: Bool
      let logged: Int
      do {
        var options = PluginHostOptions(http: HTTPClient(timeout: 5))
        options.engine.defaultTimeline = .vod(10)
        options.engine.readsPlaylists = false
        let host = try HeadlessHost(options: options)
        host.loop.ioTimeout = 0.2
        host.player.setSource(source)
        host.player.play()
        // The tag waits at the gate: the run stalls with it outstanding.
        stalled = host.player.run(until: 1).kind == .stalled
        player = host.player
        weakHost = host.pluginHost
        logged = player.log.entries.count
      }
      let freed = weakHost == nil
      gate.openAndAwaitPassage()
      player.loop.ioTimeout = 5
      _ = player.run(until: 2)
      return (freed, stalled, player.log.entries.dropFirst(logged).map(\.kind.rawValue))
    }
    #expect(stalled, "the run did not wait for the ad tag")
    #expect(freed, "the ad tag in flight kept the dropped host alive")
    #expect(types == [], "the client-side ads ran after their host was dropped")
    #expect(server.requests(for: "/vast").count == 1)
  }
}

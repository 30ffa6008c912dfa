import Foundation
import HTTPKit
import HTTPTestSupport
import HeadlessHost
import PlayerSeam
import TestFiles
import Testing

@testable import AdPlayer
@testable import PlaybackEngine
@testable import PluginHost

/// Per-ad tables are keyed by an identity no later ad can take, and let go with their ad; the
/// listeners a plugin adds are found without scanning them all.
@Suite struct AdIdentityTests {
  static let vast = """
    <VAST version="4.1"><Ad id="v"><InLine><AdSystem>S</AdSystem><AdTitle>T</AdTitle>\
    <Impression>http://127.0.0.1:9/impression</Impression><Creatives><Creative><Linear>\
    <Duration>00:00:01</Duration><TrackingEvents>\
    <Tracking event="start">http://127.0.0.1:9/start</Tracking></TrackingEvents><MediaFiles>\
    <MediaFile delivery="progressive" type="video/mp4" width="640" height="360">https://m.example/a.mp4\
    </MediaFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>
    """

  /// Loads a plugin whose `setSource` runs `body`, plays 1 s, and hands the host to `inspect`.
  func host<Value: Sendable>(
    _ body: String, _ inspect: @escaping @Sendable (HeadlessHost) -> Value
  ) async throws -> Value {
    let scratch = try Scratch()
    let plugin = try scratch.setSourcePlugin(body)
    return try await onOwnThread { () -> Value in
      var options = PluginHostOptions(http: HTTPClient(timeout: 2))
      options.engine.defaultTimeline = .vod(1)
      let host = try HeadlessHost(options: options)
      try host.loadPlugin(at: plugin)
      let ssai = SSAIConfiguration(integration: "test")
      host.player.setSource(
        SourceDescription(sources: [TypedSource(src: "https://e.example/a.mp4", ssai: ssai)]))
      _ = host.player.run(until: 1)
      return inspect(host)
    }
  }

  @Test func removedVASTAdsLeaveNoTrackerAndLaterAdsGetNoneOfTheirBeacons() async throws {
    let (trackers, beacons) = try await host(
      """
      local doc = [==[\(Self.vast)]==]
      for i = 1, 300 do
        local brk = controller:createAdBreak({ timeOffset = i })
        controller:createAd({ type = "linear", id = "vast-" .. i, vast = vast.parse(doc)[1] }, brk)
        if i % 2 == 0 then controller:removeAdBreak(brk) else controller:removeAd(brk.ads[1]) controller:removeAdBreak(brk) end
        collectgarbage()
      end
      for i = 1, 300 do
        local brk = controller:createAdBreak({ timeOffset = 1000 + i })
        local ad = controller:createAd({ type = "linear", id = "plain-" .. i, duration = 1 }, brk)
        controller:beginAd(ad)
        controller:endAd(ad)
        controller:removeAdBreak(brk)
        collectgarbage()
      end
      """
    ) { host in
      (host.pluginHost.engine.trackers.count, host.player.log.entries.filter { $0.kind == .beacon }.count)
    }
    #expect(trackers == 0)
    #expect(beacons == 0, "\(beacons) beacons went to ads that were never tracked")
  }

  @Test func aTrackedAdKeepsItsTrackerUntilRemoved() async throws {
    let (before, after) = try await host(
      """
      local doc = [==[\(Self.vast)]==]
      local brk = controller:createAdBreak({ timeOffset = 0.5 })
      local ad = controller:createAd({ type = "linear", id = "kept", vast = vast.parse(doc)[1] }, brk)
      controller:beginAd(ad)
      timer.after(0.5, function() controller:removeAllAds() end)
      """
    ) { host in
      (
        host.player.log.entries.filter { $0.kind == .beacon && $0.adId == "kept" }.count,
        host.pluginHost.engine.trackers.count
      )
    }
    #expect(before == 2, "impression and start")
    #expect(after == 0)
  }

  /// Adds `count` listeners of one function, and `count` of distinct ones, then removes them all.
  func listenerSteps(_ count: Int) async throws -> Int {
    try await host(
      """
      local same = function() end
      local distinct = {}
      for i = 1, \(count) do
        player:addEventListener("timeupdate", same)
        distinct[i] = function() return i end
        player.ads:addEventListener("adbegin", distinct[i])
      end
      for i = 1, \(count) do
        player:removeEventListener("timeupdate", same)
        player.ads:removeEventListener("adbegin", distinct[i])
      end
      """
    ) { host in
      let views = host.pluginHost.plugins.compactMap(\.view)
      // A listener left behind would count as a billion steps: the test must remove them all.
      return views.reduce(0) { $0 + $1.listeners.steps + ($1.listeners.count == 0 ? 0 : 1_000_000_000) }
        + host.player.listeners.steps + host.player.ads.listeners.steps
    }
  }

  @Test func aPluginsListenersAreAddedAndRemovedInLinearWork() async throws {
    let small = try await listenerSteps(1000)
    let large = try await listenerSteps(8000)
    #expect(large <= small * 10, "1000 listeners: \(small) steps, 8000: \(large) steps")
  }
}

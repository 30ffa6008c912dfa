import Foundation
import HTTPKit
import HTTPTestSupport
import HeadlessHost
import PlayerSeam
import TestFiles
import Testing

@testable import PluginHost

/// `controller:createAd{creativeSignaling = …}` from Lua: the envelope's identifiers, skip
/// offset and click-through fill the ad, and one that cannot be read raises an error naming its
/// JSON path.
@Suite struct CreativeSignalingBindingTests {
  @Test func theSignalingFillsTheAdAndABadOneIsRefusedWithItsPath() async throws {
    let scratch = try Scratch()
    let plugin = try scratch.setSourcePlugin(
      """
      local ok, problem = pcall(controller.createAd, controller,
        { type = "linear", creativeSignaling = { version = 2, payload = { { start = 0 } } } })
      local brk = controller:createAdBreak({ timeOffset = 0.5 })
      controller:createAd({ type = "linear", id = "refused: " .. tostring(problem) }, brk)
      local ad = controller:createAd({ type = "linear", creativeSignaling = { version = 2, type = "slot",
        payload = { { duration = 3, skipOffset = 1, clickThrough = "https://advertiser.example/",
          identifiers = { { scheme = "ad-id", value = "ADID-7" } } } } } }, brk)
      controller:createAd({ type = "linear", id = ("ad: %s %s %s %s"):format(ad.duration, ad.skipOffset, ad.clickThrough,
        ad.universalAdIds[1].adIdRegistry .. "/" .. ad.universalAdIds[1].adIdValue) }, brk)
      """)
    let messages = try await onOwnThread { () -> [String] in
      var options = PluginHostOptions(http: HTTPClient(timeout: 2))
      options.engine.defaultTimeline = .vod(1)
      let host = try HeadlessHost(options: options)
      try host.loadPlugin(at: plugin)
      host.player.setSource(
        SourceDescription(
          sources: [TypedSource(src: "https://e.example/a.mp4", ssai: SSAIConfiguration(integration: "test"))]
        ))
      _ = host.player.run(until: 1)
      // The plugin names each ad after what it saw.
      return host.player.log.entries.filter { $0.kind == .addad }.compactMap(\.adId).filter {
        !$0.hasPrefix("test-")
      }
    }
    #expect(messages.count == 2, "\(messages)")
    // The error names the plugin's line (plugin.lua:3), the method and the JSON path.
    #expect(
      messages.first?.hasSuffix(
        "plugin.lua:3: createAd: init.creativeSignaling.payload[0].duration: expected a number of seconds ≥ 0"
      )
        == true, "\(messages)")
    #expect(messages.last == "ad: 3.0 1.0 https://advertiser.example/ ad-id/ADID-7")
  }
}

import Foundation
import LoopbackHTTP
import TestFiles
import Testing

/// Companions and icons of a natively tracked VAST ad: companion `creativeView` as the ad
/// begins, icon view tracking at the icon's offset, click tracking on scripted clicks of the
/// ad, the icon (only while it shows) and the companion; `createAd` with THEOplayer companions.
@Suite struct CreativeTrackingTests {
  /// The ad begins at 1 s and reports progress each second (1 s, 2 s, 3 s into it); its icon
  /// shows from 1 s into the ad for 2 s.
  static let actions = """
    [{"at": 1.5, "do": "click", "target": "icon"}, {"at": 2.5, "do": "click", "target": "icon"},
     {"at": 2.5, "do": "click", "target": "companion"}, {"at": 3.5, "do": "click"},
     {"at": 4.5, "do": "click", "target": "icon"}, {"at": 6, "do": "click", "target": "ad"}]
    """

  static func run(companions: Bool) async throws -> (RunResult, LoopbackServer) {
    let server = try VASTExtrasServer.start()
    let scratch = try Scratch()
    let plugin = try scratch.write("plugin.lua", VASTExtrasServer.plugin)
    let base = server.baseURL.absoluteString
    let source = try scratch.source(
      duration: 10,
      ssai: #"{"integration": "t", "tag": ""# + base + #"/outer", "companions": \#(companions)}"#)
    let actions = try scratch.write("actions.json", Self.actions)
    return (await adhost(["run", plugin, source, "--json", "--actions", actions, "--strict"]), server)
  }

  /// `event path@t` of each beacon to the server's `/t/` paths but the impressions.
  static func beacons(_ run: RunResult) -> [String] {
    run.events("beacon").compactMap { beacon in
      guard let url = beacon["url"] as? String, let path = URL(string: url)?.path, path.hasPrefix("/t/"),
        !path.contains("impression")
      else { return nil }
      return "\(beacon["event"] ?? "?") \(path)@\(beacon["t"] ?? "?")"
    }
  }

  @Test func companionsAndIconsAreBeaconedAsShownAndClicked() async throws {
    let (run, server) = try await Self.run(companions: false)
    defer { server.stop() }
    #expect(run.code == 0, "\(run.errors)")
    #expect(
      Self.beacons(run) == [
        "creativeView /t/companion-view@1", "creativeView /t/wrapper-companion-view@1",
        "iconView /t/icon-view@2",
        "iconClick /t/icon-click@2.5",
        "companionClick /t/companion-click@2.5", "companionClick /t/wrapper-companion-click@2.5",
        "click /t/ad-click@3.5",
      ], "\(Self.beacons(run))")
    for path in ["/t/companion-view", "/t/icon-view", "/t/icon-click", "/t/ad-click", "/t/companion-click"] {
      #expect(server.requests(for: path).count == 1, "\(path)")
    }
    let clicks = run.events("action").map { action in
      "\(action["t"] ?? "?") \(action["target"] ?? "?") \(action["result"] ?? action["clickThrough"] ?? "clicked")"
    }
    #expect(
      clicks == [
        "1.5 icon no icon showing", "2.5 icon https://adchoices.example/",
        "2.5 companion https://advertiser.example/companion", "3.5 ad https://advertiser.example/",
        "4.5 icon no icon showing", "6 ad no ad playing",
      ], "\(clicks)")
  }

  @Test func createAdTakesTheIntegrationsOwnCompanions() async throws {
    // The plugin asserts `ad.companions` is its own list (and, in the other test, the VAST ones).
    let (run, server) = try await Self.run(companions: true)
    defer { server.stop() }
    #expect(run.code == 0, "\(run.errors)")
    #expect(Self.beacons(run).contains("creativeView /t/companion-view@1"))
  }
}

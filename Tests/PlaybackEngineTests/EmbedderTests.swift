import Foundation
import HTTPTestSupport
import Testing

/// An app that embeds `PlaybackEngine` from Swift, without Lua (docs/embedding.md "Ads without
/// Lua"): HLS interstitials and client-side VAST ads from a server on 127.0.0.1, played on the
/// headless player's virtual clock, with their ad events and beacons.
@Suite struct EmbedderTests {
  static let adEvents: Set<String> = [
    "interstitialstart", "assetlistloaded", "interstitialassetstart", "interstitialassetend",
    "interstitialend", "adbreakbegin", "adbegin", "adfirstquartile", "admidpoint", "adthirdquartile", "adend",
    "adbreakend", "ended",
  ]

  static let trackedBeacons = [
    "impression", "start", "firstQuartile", "midpoint", "thirdQuartile", "complete",
  ]

  @Test func anInterstitialPlaysAsAnAdBreakWithItsVASTBeaconsInOrder() async throws {
    let server = try AdStreamServer()
    let source = #"{"sources": [{"src": "\#(server.base)/content/index.m3u8"}]}"#
    let played = try await onOwnThread {
      let run = try EngineRun()
      let integration = try SwiftInterstitialAds(engine: run.engine, player: run.player)
      return try run.play(source, until: 120, problems: { integration.problems })
    }

    #expect(played.outcome == "idle", "\(played.outcome)")
    #expect(played.problems.isEmpty, "\(played.problems)")
    // The content pauses at the interstitial's 10 s, its one 4 s asset plays as the ad of an ad
    // break (the app's listeners begin and end the ad as the engine's asset events are
    // dispatched, after they are logged), and the content resumes where it paused
    // (X-RESUME-OFFSET=0): it ends 4 s late.
    #expect(
      played.entries(Self.adEvents) == [
        "interstitialstart@10", "assetlistloaded@10", "interstitialassetstart@10", "adbreakbegin@10",
        "adbegin@10", "adfirstquartile@11", "admidpoint@12", "adthirdquartile@13", "interstitialassetend@14",
        "adend@14", "adbreakend@14", "interstitialend@14", "ended@34",
      ])
    // The engine tracks the ad natively: each beacon once, at its time, answered by the server.
    #expect(
      played.beacons == [
        "impression@10 204", "start@10 204", "firstQuartile@11 204", "midpoint@12 204",
        "thirdQuartile@13 204", "complete@14 204",
      ])
    #expect(server.beacons.sorted() == Self.trackedBeacons.sorted())
    #expect(server.server.requests(for: "/list.json").count == 1)
  }

  @Test func aVASTPreRollOfTheSourcesAdsPlaysBeforeTheContentWithItsBeacons() async throws {
    let server = try AdStreamServer()
    let source =
      #"{"sources": [{"src": "https://media.example/content.mp4", "type": "video/mp4"}], "ads": ["#
      + #"{"sources": "\#(server.base)/vast.xml", "timeOffset": "start"}]}"#
    let played = try await onOwnThread { try EngineRun(timeline: .vod(10)).play(source, until: 120) }

    #expect(played.outcome == "idle", "\(played.outcome)")
    // Integration `csai` (the engine's own) plays the 4 s ad first: the content starts after it.
    #expect(
      played.entries(Self.adEvents.union(["playing"])) == [
        "adbreakbegin@0", "adbegin@0", "adfirstquartile@1", "admidpoint@2", "adthirdquartile@3", "adend@4",
        "adbreakend@4", "playing@4", "ended@14",
      ])
    #expect(
      played.beacons == [
        "impression@0 204", "start@0 204", "firstQuartile@1 204", "midpoint@2 204", "thirdQuartile@3 204",
        "complete@4 204",
      ])
    #expect(server.beacons.sorted() == Self.trackedBeacons.sorted())
    #expect(server.server.requests(for: "/vast.xml").count == 1)
  }
}

import Foundation
import HTTPTestSupport
import OutsideText
import PlaybackEngine
import PlayerSeam
import Testing

/// SVTA2053-2 creative signaling in an HLS asset list, tracked by the engine without Lua: its
/// beacons at their offsets as the ad of the asset plays, a URL its VAST names too sent once,
/// its identifiers, skip offset and click-through on the ad, and bad JSON logged with where.
@Suite struct CreativeSignalingTests {
  /// The asset's signaling: a 4 s slot whose impression names the VAST's own impression URL too.
  static let signaling = #"""
    , "X-AD-CREATIVE-SIGNALING": {"version": 2, "type": "slot", "payload": [{"type": "linear", "start": 0,
      "duration": 4, "identifiers": [{"scheme": "urn:smpte:ul:060E2B34.01040101.01200900.00000000", "value": "ADID-1"}],
      "skipOffset": 2, "clickThrough": "https://advertiser.example/",
      "tracking": [
        {"type": "impression", "offset": 0, "urls": ["${BASE}/t/impression", "${BASE}/t/svta-impression"]},
        {"type": "progress", "offset": 1.5, "urls": ["${BASE}/t/svta-progress-1.5"]},
        {"type": "midpoint", "urls": ["${BASE}/t/svta-midpoint"]},
        {"type": "complete", "offset": 4, "urls": ["${BASE}/t/svta-complete"]},
        {"type": "pause", "urls": ["${BASE}/t/svta-pause"]}]}]}
    """#

  @Test func itsTrackingFiresAtItsOffsetsAsBeaconsOfTheAdAndASharedURLOnce() async throws {
    let server = try AdStreamServer(assetMembers: Self.signaling)
    let source = #"{"sources": [{"src": "\#(server.base)/content/index.m3u8"}]}"#
    let (played, fields) = try await onOwnThread {
      let run = try EngineRun()
      let integration = try SwiftInterstitialAds(engine: run.engine, player: run.player)
      var fields: (ids: [String], skipOffset: Double, clickThrough: String?) = ([], 0, nil)
      run.player.ads.addEventListener(.addad) { event in
        guard let ad = event.ad else { return }
        fields = (
          ad.universalAdIds.map { "\($0.adIdRegistry) \($0.adIdValue)" }, ad.skipOffset, ad.clickThrough
        )
      }
      return (try run.play(source, until: 120, problems: { integration.problems }), fields)
    }

    #expect(played.problems.isEmpty, "\(played.problems)")
    // The VAST's beacons and the signaling's, each at its time (the VAST's batch first): the signaling's impression at 0 (its URL the VAST names too left to the VAST), its
    // progress at 1.5 s, its midpoint at 50 % of the slot, its complete at its offset 4 (the end).
    #expect(
      played.beacons == [
        "impression@10 204", "start@10 204", "impression@10 204", "firstQuartile@11 204", "progress@11.5 204",
        "midpoint@12 204", "midpoint@12 204", "thirdQuartile@13 204", "complete@14 204", "complete@14 204",
      ])
    let paths = server.server.requests.map(\.path)
    #expect(paths.filter { $0 == "/t/impression" }.count == 1)
    #expect(
      paths.filter { $0.hasPrefix("/t/svta-") } == [
        "/t/svta-impression", "/t/svta-progress-1.5", "/t/svta-midpoint", "/t/svta-complete",
      ])
    // The ad's identifiers, skip offset and click-through come from the signaling (before its
    // VAST, which would make it not skippable).
    #expect(fields.ids == ["urn:smpte:ul:060E2B34.01040101.01200900.00000000 ADID-1"], "\(fields)")
    #expect(fields.skipOffset == 2, "\(fields)")
    #expect(fields.clickThrough == "https://advertiser.example/", "\(fields)")
  }

  @Test func badSignalingIsLoggedWithTheURLAndTheJSONPathAndTheAdPlaysOn() async throws {
    let bad =
      #", "X-AD-CREATIVE-SIGNALING": {"version": 2, "payload": [{"duration": 4, "tracking": [{"type": "impression", "offset": -1, "urls": []}]}]}"#
    let server = try AdStreamServer(assetMembers: bad)
    let source = #"{"sources": [{"src": "\#(server.base)/content/index.m3u8"}]}"#
    let (played, issues) = try await onOwnThread {
      let run = try EngineRun()
      let integration = try SwiftInterstitialAds(engine: run.engine, player: run.player)
      let played = try run.play(source, until: 120, problems: { integration.problems })
      let issues = run.log.entries.filter { $0.kind == .creativeSignalingIssue }.compactMap {
        $0.fields["message"]?.stringValue
      }
      return (played, issues)
    }

    #expect(
      issues == [
        "the asset list \(server.base)/list.json: ASSETS[0].X-AD-CREATIVE-SIGNALING.payload[0].tracking[0].offset: "
          + "expected a number of seconds from 0 to 604800, found -1; the ad plays without its creative signaling"
      ])
    // The ad plays with its VAST tracking alone.
    #expect(played.beacons.count == 6, "\(played.beacons)")
    #expect(played.entries(["adbegin", "adend"]) == ["adbegin@10", "adend@14"])
  }

  @Test func anEnvelopeIsReadAndItsProblemsNamedByPath() throws {
    let pod = try JSONValue.parse(
      #"{"version": 2, "type": "pod", "payload": [{"start": 5, "duration": 8, "slots": [{"start": 1, "duration": 4}]}]}"#
    )
    #expect(try CreativeSignaling(pod, path: "x").slots.map(\.start) == [6])
    let cases: [(String, String)] = [
      (#"{"version": 3, "payload": []}"#, "x.version: expected 2 (SVTA2053-2), found 3"),
      (#"{"type": "break", "payload": []}"#, #"x.type: expected "slot" or "pod", found "break""#),
      (#"{"version": 2}"#, "x.payload: expected a list of slots"),
      (#"{"payload": [{"start": 0}]}"#, "x.payload[0].duration: expected a number of seconds ≥ 0"),
      (
        #"{"payload": [{"duration": 1, "identifiers": [{"scheme": "s"}]}]}"#,
        "x.payload[0].identifiers[0].value: expected a string"
      ),
      (
        #"{"payload": [{"duration": 1, "tracking": [{"type": "start", "urls": [3]}]}]}"#,
        "x.payload[0].tracking[0].urls[0]: expected a URL, found a number"
      ),
    ]
    for (text, message) in cases {
      #expect(throws: JSONPathError.self) { try CreativeSignaling(try JSONValue.parse(text), path: "x") }
      do {
        _ = try CreativeSignaling(try JSONValue.parse(text), path: "x")
      } catch {
        #expect("\(error)" == message)
      }
    }
  }
}

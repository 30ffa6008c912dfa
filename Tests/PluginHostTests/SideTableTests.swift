import AdPlayer
import Foundation
import HTTPKit
import HTTPTestSupport
import HeadlessHost
import LoopbackHTTP
import MediaWriter
import PlayerSeam
import PluginHost
import TestFiles
import Testing

@testable import PlaybackEngine

/// The objects retained and released on every `timeupdate` — the player, its loop, the
/// client-side engine, the interstitial player and the segment loader — are never referenced
/// `weak`ly, so the Swift runtime never gives them a side table: with one, every retain and
/// release of the object takes the runtime's slow path (3–4 % of an `examples/vmap` run's CPU
/// in-process went there). What they hand out reaches them through a `Backlink` (the player's
/// `PlayerLink`). Counted in objects with a side table after a whole play, never in time.
@Suite struct SideTableTests {
  /// Whether the Swift runtime gave `object` a side table: its reference-count word (the word
  /// after the type pointer) has `UseSlowRC` (bit 63) set and is not immortal (its low 32 bits
  /// not all set). The 64-bit layout of `RefCountBitOffsets<8>`, swift/shims/RefCount.h.
  static func hasSideTable(_ object: AnyObject) -> Bool {
    let word = UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
      .load(fromByteOffset: MemoryLayout<UInt>.size, as: UInt64.self)
    return word >> 63 == 1 && word & 0xffff_ffff != 0xffff_ffff
  }

  @Test func aWeakReferenceIsWhatMakesASideTable() {
    final class Object {}
    let object = Object()
    #expect(!Self.hasSideTable(object))
    weak let weakly = object
    #expect(weakly === object)
    #expect(Self.hasSideTable(object))
  }

  /// A plugin reading the clock on every `timeupdate`, over 30 s of HLS content with an
  /// interstitial at 12 s (an asset list, its asset's playlist), its segments loaded, and a
  /// client-side VAST ad at 20 s whose `complete` beacon a fault plan answers with 500.
  @Test func noObjectATimeupdateReachesHasASideTableAfterAWholePlay() async throws {
    let server = try Self.server()
    defer { server.stop() }
    let base = server.baseURL.absoluteString
    let scratch = try Scratch()
    let plugin = try scratch.write(
      "plugin.lua",
      """
      local seen = 0
      player:addEventListener("timeupdate", function() seen = os.time() + os.clock() end)
      player.ads:registerServerSideIntegration("t", function() return {} end)
      """)
    let source =
      #"{"sources": [{"src": "\#(base)/content.m3u8", "type": "application/x-mpegurl"}], "#
      + #""ads": [{"sources": "\#(base)/vast.xml", "timeOffset": 20}]}"#
    let found = try await onOwnThread { () -> (withSideTable: [String], types: [String]) in
      var options = PluginHostOptions(http: HTTPClient(timeout: 5))
      options.engine.segments = SegmentOptions()
      options.engine.faults = FaultPlan(rules: [FaultRule(url: "*/t/complete", fault: .status(500))])
      options.diagnostics = { _ in }
      let host = try HeadlessHost(options: options)
      try host.loadPlugin(at: plugin)
      host.player.autoplay = true
      host.player.setSource(try SourceDescription(jsonText: source))
      _ = host.player.run(until: 60)
      let engine = host.pluginHost.engine
      let objects: [(String, AnyObject?)] = [
        ("player", host.player), ("loop", host.player.loop),
        ("client-side engine", engine.clientSideAds?.engine), ("interstitial player", engine.interstitials),
        ("segment loader", engine.segments),
      ]
      let missing = objects.filter { $0.1 == nil }.map { "\($0.0) (missing)" }
      let withSideTable = objects.compactMap { name, object in
        object.flatMap { Self.hasSideTable($0) ? name : nil }
      }
      return (missing + withSideTable, host.player.log.entries.map(\.kind.rawValue))
    }
    // The play went through what forms the references: the interstitial, the ad, the fault.
    for type in ["interstitialstart", "interstitialend", "adbegin", "adend", "fault", "ended"] {
      #expect(found.types.contains(type), "no \(type) in the log")
    }
    #expect(found.withSideTable.isEmpty, "with a side table: \(found.withSideTable.joined(separator: ", "))")
  }

  /// 30 s of HLS (five 6-second TS segments) with an interstitial at 12 s, its asset list and
  /// asset, an inline VAST ad of 4 s, and beacon endpoints that answer 204.
  static func server() throws -> LoopbackServer {
    let server = try LoopbackServer()
    let base = server.baseURL.absoluteString
    var playlist = """
      #EXTM3U
      #EXT-X-VERSION:3
      #EXT-X-TARGETDURATION:6
      #EXT-X-PROGRAM-DATE-TIME:2026-11-29T12:00:00.000Z
      #EXT-X-DATERANGE:ID="i-1",CLASS="com.apple.hls.interstitial",START-DATE="2026-11-29T12:00:12.000Z",\
      X-ASSET-LIST="/list.json",X-RESUME-OFFSET=0

      """
    for index in 0..<5 {
      playlist += "#EXTINF:6.0,\nseg\(index).ts\n"
      var segment = TSWriter()
      segment.video(pts: UInt64(index * 6 * 90_000))
      let bytes = segment.bytes
      server.route("/seg\(index).ts") { _ in
        LoopbackResponse(headers: [("Content-Type", "video/mp2t")], body: Data(bytes))
      }
    }
    playlist += "#EXT-X-ENDLIST\n"
    let content = playlist
    server.route("/content.m3u8") { _ in .text(content, type: "application/vnd.apple.mpegurl") }
    server.route("/list.json") { _ in
      .text(#"{"ASSETS": [{"URI": "\#(base)/asset.m3u8", "DURATION": 4}]}"#, type: "application/json")
    }
    server.route("/asset.m3u8") { _ in
      .text(
        "#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4,\na.ts\n#EXT-X-ENDLIST\n",
        type: "application/vnd.apple.mpegurl")
    }
    server.route("/vast.xml") { _ in
      .text(
        """
        <VAST version="4.1"><Ad id="ad-1"><InLine><AdSystem>T</AdSystem><AdTitle>T</AdTitle>
          <Impression><![CDATA[\(base)/t/impression]]></Impression>
          <Creatives><Creative id="c-1"><Linear><Duration>00:00:04</Duration>
            <TrackingEvents><Tracking event="complete"><![CDATA[\(base)/t/complete]]></Tracking></TrackingEvents>
            <MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="640" height="360">\
        <![CDATA[\(base)/ad.mp4]]></MediaFile></MediaFiles>
          </Linear></Creative></Creatives>
        </InLine></Ad></VAST>
        """, type: "application/xml")
    }
    server.fallback { request in request.path.hasPrefix("/t/") ? LoopbackResponse(status: 204) : .notFound }
    return server
  }
}

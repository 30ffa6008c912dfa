import Foundation
import TestFiles
import Testing

/// A VMAP schedule given as a source's `ads`, played by the host's client-side ads (issue 15).
@Suite struct VMAPPlaybackTests {
  static let plugin = """
    player.ads:registerServerSideIntegration("none", function() return {} end)
    """

  /// Runs the plugin on a source whose `ads` is `ad` (JSON), with content at `content` (a URL
  /// and `duration`, or none for live runs given `--live`).
  func run(_ server: VMAPServer, ad: String, content: String, _ more: [String] = []) async throws -> RunResult
  {
    let scratch = try Scratch()
    let plugin = try scratch.write("plugin.lua", Self.plugin)
    let source = try scratch.write(
      "source.json", #"{"sources": [{"src": ""# + content + #""}], "ads": ["# + ad + "]}")
    return await adhost(["run", plugin, source, "--json"] + more)
  }

  static func breakOffsets(_ run: RunResult) -> [Double] {
    run.events("adbreakbegin").compactMap { ($0["adBreak"] as? [String: Any])?["timeOffset"] as? Double }
  }

  static func times(_ run: RunResult, _ type: String) -> [Double] {
    run.events(type).compactMap { $0["t"] as? Double }
  }

  @Test func eachOffsetFormPlacesItsBreak() async throws {
    // 40 s of HLS content whose cues start at 10 s and 30 s: `#2` is the second.
    let playlist = MediaTailorServer.playlist(
      segments: 8,
      markers: [2: "#EXT-X-CUE-OUT:5", 3: "#EXT-X-CUE-IN", 6: "#EXT-X-CUE-OUT:5", 7: "#EXT-X-CUE-IN"])
    let server = try VMAPServer(
      breaks: """
        <vmap:AdBreak timeOffset="start" breakType="linear" breakId="pre">
        <vmap:AdSource><vmap:VASTAdData><VAST version="4.0">\(VMAPServer.inlineAd("pre", seconds: 2))</VAST></vmap:VASTAdData></vmap:AdSource>
        </vmap:AdBreak>
        \(VMAPServer.tagBreak("00:00:05.000", "/inline.xml", name: "clock"))
        \(VMAPServer.tagBreak("50%", "/inline.xml", name: "percent"))
        \(VMAPServer.tagBreak("#2", "/inline.xml", name: "position"))
        \(VMAPServer.tagBreak("end", "/inline.xml", name: "post"))
        """, playlist: playlist)
    // No `type`: the document's root says it is VMAP.
    let run = try await run(
      server, ad: #"{"sources": ""# + server.base + #"/vmap.xml"}"#, content: server.base + "/content.m3u8")
    #expect(run.code == 0, "\(run.errors)")
    #expect(Self.breakOffsets(run) == [0, 5, 20, 30, 40])
    #expect(Self.times(run, "adbreakbegin") == [0, 7, 26, 40, 54])
    #expect(
      run.events("adbegin").compactMap { ($0["ad"] as? [String: Any])?["id"] as? String } == [
        "pre", "ad-1", "ad-1", "ad-1", "ad-1",
      ])
    #expect(Self.times(run, "ended") == [54])
    #expect(run.events("aderror").isEmpty)
  }

  @Test func breaksAtOneOffsetPlayInDocumentOrderWithTheirTracking() async throws {
    let server = try VMAPServer(
      breaks: """
        <vmap:AdBreak timeOffset="start" breakType="linear" breakId="first">
        <vmap:AdSource><vmap:VASTAdData><VAST version="4.0">\(VMAPServer.inlineAd("a", seconds: 2))</VAST></vmap:VASTAdData></vmap:AdSource>
        \(VMAPServer.tracking("first"))
        </vmap:AdBreak>
        \(VMAPServer.tagBreak("start", "/inline.xml", name: "second"))
        """)
    let run = try await run(
      server, ad: #"{"sources": {"src": ""# + server.base + #"/vmap.xml", "type": "vmap"}}"#,
      content: "https://cdn.example/content.mp4", ["--duration", "10"])
    #expect(run.code == 0, "\(run.errors)")
    #expect(Self.breakOffsets(run) == [0])
    #expect(
      run.events("adbegin").compactMap { ($0["ad"] as? [String: Any])?["id"] as? String } == ["a", "ad-1"])
    let breakBeacons = run.events("beacon").filter { ($0["event"] as? String)?.hasPrefix("break") == true }
    #expect(
      breakBeacons.map {
        "\($0["event"] ?? "") \($0["t"] ?? "") \(($0["url"] as? String)?.split(separator: "/").last ?? "")"
      }
        == [
          "breakStart 0 first-breakStart", "breakEnd 2 first-breakEnd", "breakStart 2 second-breakStart",
          "breakEnd 6 second-breakEnd",
        ])
    #expect(breakBeacons.allSatisfy { $0["status"] as? Int == 204 })
    #expect(
      server.beacons.filter { $0.contains("break") }.sorted() == [
        "first-breakEnd", "first-breakStart", "second-breakEnd", "second-breakStart",
      ], "sent concurrently: the server may see them in another order than the log's")
    #expect(Self.times(run, "adbreakend") == [6])
    #expect(Self.times(run, "ended") == [16])
  }

  @Test func aFailingBreakReportsItsErrorAndTheRestOfTheSchedulePlays() async throws {
    let server = try VMAPServer(
      breaks: """
        \(VMAPServer.tagBreak("start", "/inline.xml", name: "pre"))
        \(VMAPServer.tagBreak("00:00:03", "/missing.xml", name: "gone"))
        <vmap:AdBreak timeOffset="00:00:05" breakType="nonlinear" breakId="overlay">
        <vmap:AdSource><vmap:AdTagURI templateType="vast4">BASE/inline.xml</vmap:AdTagURI></vmap:AdSource>
        \(VMAPServer.tracking("overlay"))
        </vmap:AdBreak>
        \(VMAPServer.tagBreak("00:00:06", "/ads/direct", name: "direct", attributes: #" followRedirects="false""#))
        \(VMAPServer.tagBreak("00:00:08", "/pod.xml", name: "pod", attributes: #" allowMultipleAds="false""#))
        \(VMAPServer.tagBreak("end", "/inline.xml", name: "post"))
        """)
    let run = try await run(
      server, ad: #"{"sources": ""# + server.base + #"/vmap.xml", "type": "vmap"}"#,
      content: "https://cdn.example/content.mp4", ["--duration", "10"])
    #expect(run.code == 0, "\(run.errors)")
    // The 404, the non-linear break and the wrapper not followed fail alone; the others play.
    #expect(Self.breakOffsets(run) == [0, 8, 10])
    #expect(
      run.events("adbegin").compactMap { ($0["ad"] as? [String: Any])?["id"] as? String } == [
        "ad-1", "p1", "ad-1",
      ])
    let messages = run.events("aderror").compactMap { $0["message"] as? String }
    #expect(messages.count == 3, "\(messages)")
    #expect(messages.first?.hasPrefix(#"VMAP break "gone" (line "#) == true, "\(messages)")
    #expect(messages.first?.contains("at 00:00:03.000: VMAP error 1008 (") == true, "\(messages)")
    #expect(messages.first?.contains("/missing.xml: HTTP status 404") == true, "\(messages)")
    #expect(messages.dropFirst().first?.contains("VMAP error 1003") == true, "\(messages)")
    #expect(messages.last?.contains("VMAP error 1004") == true, "\(messages)")
    #expect(messages.last?.contains("VAST error 302") == true, "\(messages)")
    #expect(server.vmapErrors == ["gone:1008", "overlay:1003", "direct:1004"])
    // The wrapper's own Error URL got VAST's code.
    #expect(server.ads.errorCodes.contains("302"))
    #expect(
      run.events("beacon").contains {
        $0["event"] as? String == "error" && ($0["url"] as? String)?.contains("code=1008&break=gone") == true
      })
    #expect(Self.times(run, "ended") == [4 + 10 + 3])
  }

  @Test func aRepeatingBreakPlaysEveryRepeatAfterOnLiveContent() async throws {
    let server = try VMAPServer(
      breaks: """
        <vmap:AdBreak timeOffset="00:00:10" breakType="linear" breakId="every20" repeatAfter="00:00:20">
        <vmap:AdSource><vmap:AdTagURI templateType="vast4">BASE/inline.xml</vmap:AdTagURI></vmap:AdSource>
        \(VMAPServer.tracking("every20"))
        </vmap:AdBreak>
        """)
    let run = try await run(
      server, ad: #"{"sources": ""# + server.base + #"/vmap.xml", "type": "vmap"}"#,
      content: "https://cdn.example/live.mp4", ["--live", "--until", "70"])
    #expect(run.code == 0, "\(run.errors)")
    #expect(Self.breakOffsets(run) == [10, 30, 50])
    #expect(Self.times(run, "adbreakbegin") == [10, 34, 58])
    #expect(Self.times(run, "adbreakend") == [14, 38, 62])
    // Each occurrence loads its tag again, and beacons its own breakStart and breakEnd.
    #expect(server.server.requests(for: "/inline.xml").count == 3)
    #expect(server.beacons.filter { $0.hasPrefix("every20-breakStart") }.count == 3)
  }
}

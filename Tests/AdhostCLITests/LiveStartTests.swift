import Foundation
import LoopbackHTTP
import MediaWriter
import TestFiles
import Testing

/// Where a live HLS stream starts (docs/media.md "Where a live stream starts"): `--live-start`
/// (a scenario's `liveStart`) seconds behind the live edge, else the playlist's `#EXT-X-START`,
/// else the start of the window, as before.
@Suite struct LiveStartTests {
  /// Reports where playback starts, the cues known then, and each cue as it fires.
  static let plugin = """
    player.ads:registerServerSideIntegration("live", function()
      player:addEventListener("playing", function(event)
        log.info(string.format("playing at=%g cues=%d", event.currentTime, #player.cues))
      end)
      player:addEventListener("cue", function(event)
        log.info(string.format("cue %s at=%g", event.cue.id, event.currentTime))
      end)
      return {}
    end)
    """

  /// A playlist of twelve 5 s segments (0 to 60 s): a cue-out span from 10 to 20 s, a date
  /// range from 46 to 48 s, `header` lines before the first segment, live unless `vod`. Its
  /// segments are served (a video frame at each end).
  static func serve(header: String = "", vod: Bool = false) throws -> LoopbackServer {
    let server = try LoopbackServer()
    var markers = [2: "#EXT-X-CUE-OUT:10", 4: "#EXT-X-CUE-IN"]
    markers[9] = #"#EXT-X-DATERANGE:ID="late",START-DATE="2026-11-29T12:00:46Z",DURATION=2"#
    if !header.isEmpty { markers[0] = header }
    let text = MediaTailorServer.playlist(segments: 12, live: !vod, markers: markers)
    server.route("/content/index.m3u8") { _ in .text(text, type: "application/vnd.apple.mpegurl") }
    for index in 0..<12 {
      var writer = TSWriter()
      writer.video(pts: UInt64(index * 5 * 90_000))
      writer.video(pts: UInt64((Double(index * 5) + 4.96) * 90_000))
      let segment = Data(writer.bytes)
      server.route("/content/segment\(index).ts") { _ in LoopbackResponse(body: segment) }
    }
    return server
  }

  /// The plugin and a source of the served playlist, in a scratch folder.
  static func files(_ server: LoopbackServer) throws -> (scratch: Scratch, plugin: String, source: String) {
    let scratch = try Scratch()
    let plugin = try scratch.write("plugin.lua", plugin)
    let source = try scratch.write(
      "source.json",
      #"{"sources": {"src": ""# + server.url("/content/index.m3u8").absoluteString
        + #"", "ssai": {"integration": "live"}}}"#)
    return (scratch, plugin, source)
  }

  /// `adhost run --json --until 10` of the served playlist, with `more` options.
  func run(header: String = "", vod: Bool = false, _ more: [String] = []) async throws -> RunResult {
    let server = try Self.serve(header: header, vod: vod)
    defer { server.stop() }
    let files = try Self.files(server)
    let run = await adhost(
      ["run", files.plugin, files.source, "--json"] + (vod ? [] : ["--until", "10"]) + more)
    withExtendedLifetime(files.scratch) {}
    return run
  }

  /// The sequence number of the first segment loaded.
  func firstSegment(_ run: RunResult) -> Int? {
    run.events("segment").first?["sequence"] as? Int
  }

  /// Without `--live-start` or `#EXT-X-START` a live playlist starts at its window's start, as
  /// it always did: the cue-out span plays at 10 s.
  @Test func byDefaultALivePlaylistStartsAtItsWindowsStart() async throws {
    let run = try await run()
    #expect(run.code == 0, "\(run.errors)")
    #expect(run.errors.contains("playing at=0 cues=2"), "\(run.errors)")
    #expect(firstSegment(run) == 0)
    #expect(run.errors.contains("cue cue-out-2 at=10"), "\(run.errors)")
  }

  /// 15 s behind the edge (60 s): playback starts at 45 s, loading from the segment there; the
  /// cue-out span before it is known but never fires, the date range at 46 s fires 1 s in.
  @Test func liveStartStartsThatFarBehindTheLiveEdge() async throws {
    let run = try await run(["--live-start", "15"])
    #expect(run.code == 0, "\(run.errors)")
    #expect(run.errors.contains("playing at=45 cues=2"), "\(run.errors)")
    #expect(firstSegment(run) == 9)
    #expect(!run.errors.contains("cue cue-out-2"), "\(run.errors)")
    #expect(run.errors.contains("cue late at=46"), "\(run.errors)")
    #expect(run.events("cue").first?["t"] as? Double == 1)
    #expect(run.events("playing").first?["currentTime"] as? Double == 45)
  }

  /// More than the window: the window's start.
  @Test func aLiveStartBeyondTheWindowStartsAtTheWindowsStart() async throws {
    let run = try await run(["--live-start", "600"])
    #expect(run.code == 0, "\(run.errors)")
    #expect(run.errors.contains("playing at=0 cues=2"), "\(run.errors)")
  }

  /// `TIME-OFFSET=-17`: 43 s; not precise, so the start of its segment (40 s); precise, 43 s
  /// itself. `--live-start` wins over the playlist's.
  @Test func extXStartPlacesTheStartOfALivePlaylist() async throws {
    let segmentStart = try await run(header: "#EXT-X-START:TIME-OFFSET=-17")
    #expect(segmentStart.code == 0, "\(segmentStart.errors)")
    #expect(segmentStart.errors.contains("playing at=40 cues=2"), "\(segmentStart.errors)")
    #expect(firstSegment(segmentStart) == 8)
    let precise = try await run(header: "#EXT-X-START:TIME-OFFSET=-17,PRECISE=YES")
    #expect(precise.errors.contains("playing at=43 cues=2"), "\(precise.errors)")
    let pinned = try await run(header: "#EXT-X-START:TIME-OFFSET=-17", ["--live-start", "15"])
    #expect(pinned.errors.contains("playing at=45 cues=2"), "\(pinned.errors)")
  }

  /// A VOD playlist's `#EXT-X-START` is honoured too (`--live-start` is not: it is not live).
  @Test func extXStartPlacesTheStartOfAVODPlaylist() async throws {
    let run = try await run(header: "#EXT-X-START:TIME-OFFSET=22", vod: true, ["--live-start", "5"])
    #expect(run.code == 0, "\(run.errors)")
    #expect(run.errors.contains("playing at=20 cues=2"), "\(run.errors)")
    #expect(run.events("ended").first?["t"] as? Double == 40)
  }

  /// An `#EXT-X-START` that cannot be read is a `playlist-warning`, and ignored.
  @Test func anUnreadableExtXStartIsAWarning() async throws {
    let run = try await run(header: "#EXT-X-START:TIME-OFFSET=soon")
    #expect(run.code == 0, "\(run.errors)")
    #expect(run.errors.contains("playing at=0 cues=2"), "\(run.errors)")
    let message = run.events("playlist-warning").first?["message"] as? String ?? ""
    #expect(message.contains("#EXT-X-START TIME-OFFSET: expected a signed offset in seconds"), "\(message)")
    #expect(message.hasSuffix("(the tag is ignored)"), "\(message)")
  }

  /// A start point inside an HLS interstitial joins it part-way (`_HLS_start_offset`): 5 s
  /// behind the edge (8 s) is 3 s, 1 s into the interstitial from 2 to 6 s.
  @Test func aStartPointInsideAnInterstitialJoinsItPartWay() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let text =
      "#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXT-X-PROGRAM-DATE-TIME:2026-11-29T12:00:00.000Z\n"
      + #"#EXT-X-DATERANGE:ID="ad",CLASS="com.apple.hls.interstitial",START-DATE="2026-11-29T12:00:02.000Z","#
      + #"DURATION=4,X-ASSET-URI="/ad.m3u8""# + "\n" + (0..<4).map { "#EXTINF:2,\ns\($0).ts\n" }.joined()
    server.route("/content/index.m3u8") { _ in .text(text, type: "application/vnd.apple.mpegurl") }
    server.route("/ad.m3u8") { _ in
      .text(
        "#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4,\na.ts\n#EXT-X-ENDLIST\n",
        type: "application/vnd.apple.mpegurl")
    }
    let files = try Self.files(server)
    let run = await adhost(
      ["run", files.plugin, files.source, "--json", "--until", "6", "--no-segments", "--live-start", "5"])
    withExtendedLifetime(files.scratch) {}
    #expect(run.code == 0, "\(run.errors)")
    let start = try #require(run.events("interstitialstart").first)
    #expect(start["t"] as? Double == 0)
    #expect(start["startOffset"] as? Double == 1)
    #expect(start["currentTime"] as? Double == 3)
  }

  /// A dynamic MPD joins `--live-start` seconds behind the wall clock's edge, instead of its
  /// `suggestedPresentationDelay` (none here: joined at 600 s, the origin is 580 s).
  @Test func aDynamicMPDJoinsThatFarBehindTheEdge() async throws {
    let content = MPDSourceTests.live(#"<Period id="c1" start="PT540S"/>"#)
    let run = try await MPDSourceTests().run(
      [content], more: ["--until", "5", "--start-date", "2026-11-29T12:10:00Z", "--live-start", "20"])
    #expect(run.code == 0, "\(run.errors)")
    #expect(run.errors.contains("mpd type=dynamic live=true origin=580 "), "\(run.errors)")
  }

  @Test(arguments: ["-5", "nan", "inf", "604801", "later"])
  func aBadLiveStartIsBadUsageNamingTheOption(_ value: String) async throws {
    let run = try await run(["--live-start", value])
    #expect(run.code == 64, "\(run.output)\(run.errors)")
    #expect(run.errors.contains("--live-start: expected"), "\(run.errors)")
  }

  /// A scenario's `liveStart` is `--live-start`.
  @Test func aScenarioPinsTheLiveStart() async throws {
    let server = try Self.serve()
    defer { server.stop() }
    let (scratch, _, _) = try Self.files(server)
    let scenario = try scratch.write(
      "start.scenario.json",
      #"{"plugin": "plugin.lua", "source": "source.json", "until": 10, "liveStart": 15, "#
        + #""events": [{"type": "playing", "at": 0, "contentTime": 45}], "#
        + #""requests": [{"url": "*/segment9.ts", "at": 0}], "noRequests": [{"url": "*/segment0.ts"}]}"#)
    let run = await adhost(["test", scenario, "-j", "1"])
    #expect(run.code == 0, "\(run.output)\(run.errors)")
    let bad = try scratch.write(
      "bad.scenario.json", #"{"plugin": "plugin.lua", "source": "source.json", "until": 10, "liveStart": -1}"#
    )
    let refused = await adhost(["test", bad, "-j", "1"])
    #expect(refused.code != 0)
    #expect(
      (refused.output + refused.errors).contains("liveStart: expected a number of seconds ≥ 0, found -1"),
      "\(refused.output)\(refused.errors)")
  }
}

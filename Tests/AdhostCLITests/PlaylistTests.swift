import Foundation
import LoopbackHTTP
import TestFiles
import Testing

/// HLS sources in the host: the timeline and cues come from the playlist.
@Suite struct PlaylistTests {
  /// A plugin that reports every cue it hears, and `player.cues` and `player.playlist` once playing.
  static let plugin = """
    player.ads:registerServerSideIntegration("cues", function()
      player:addEventListener("cue", function(event)
        local cue = event.cue
        log.info(string.format("cue %s %s start=%g end=%s class=%s kind=%s out=%s at=%g", event.type, cue.id,
          cue.startTime, tostring(cue.endTime), tostring(cue.class), cue.kind, tostring(cue.attributes["SCTE35-OUT"]),
          event.currentTime))
      end)
      player:addEventListener("playing", function()
        local playlist = player.playlist
        log.info(string.format("cues=%d duration=%g target=%g live=%s", #player.cues, player.duration,
          playlist.targetDuration, tostring(playlist.live)))
      end)
      return {}
    end)
    """

  func run(_ playlist: LoopbackResponse, more: [String] = []) async throws -> (RunResult, LoopbackServer) {
    let server = try LoopbackServer()
    server.route("/content/index.m3u8") { _ in playlist }
    let scratch = try Scratch()
    let plugin = try scratch.write("plugin.lua", Self.plugin)
    let source = try scratch.write(
      "source.json",
      #"{"sources": {"src": ""# + server.baseURL.absoluteString
        + #"/content/index.m3u8", "ssai": {"integration": "cues"}}}"#)
    return (await adhost(["run", plugin, source, "--json"] + more), server)
  }

  @Test func cuesReachPluginsWithTheirFieldsAtTheirTimes() async throws {
    let text = MediaTailorServer.playlist(
      segments: 6,
      markers: [
        1: "#EXT-X-CUE-OUT:10", 3: "#EXT-X-CUE-IN",
        4:
          #"#EXT-X-DATERANGE:ID="i1",CLASS="com.apple.hls.interstitial",START-DATE="2026-11-29T12:00:22.500Z",SCTE35-OUT=0xFC01,PLANNED-DURATION=5"#,
      ])
    let (run, _) = try await run(.text(text, type: "application/vnd.apple.mpegurl"))
    #expect(run.code == 0, "\(run.errors)")
    #expect(run.events("ended").first?["t"] as? Double == 30)
    #expect(run.errors.contains("cues=2 duration=30 target=5 live=false"))
    #expect(run.errors.contains("cue cue cue-out-1 start=5 end=15.0 class=nil kind=cue-out out=nil at=5"))
    #expect(
      run.errors.contains(
        "cue cue i1 start=22.5 end=27.5 class=com.apple.hls.interstitial kind=daterange out=0xFC01 at=22.5"))
    #expect(run.events("cue").compactMap { $0["t"] as? Double } == [5, 22.5])
  }

  @Test func aMalformedPlaylistIsAFatalErrorNamingTheURLAndLine() async throws {
    let (run, server) = try await run(.text("#EXTM3U\n#EXT-X-TARGETDURATION:5\n#EXTINF:five,\na.ts\n"))
    #expect(run.code == 70)
    let error = try #require(run.events("error").first)
    let message = error["message"] as? String ?? ""
    #expect(message.contains(server.baseURL.absoluteString + "/content/index.m3u8"))
    #expect(
      message.contains(
        #"line 3: #EXTINF: expected a duration in seconds, a decimal number from 0 to 604800, "#
          + #"found "five""#))
    #expect(error["code"] as? Int == 4002)
  }

  /// One date range with a bad attribute is dropped with a `playlist-warning` naming the URL and
  /// line; the other cues and the run go on.
  @Test func aDateRangeThatCannotBeReadIsDroppedWithAWarning() async throws {
    let text = MediaTailorServer.playlist(
      segments: 6,
      markers: [
        2: #"#EXT-X-DATERANGE:ID="bad",START-DATE="2026-11-29T12:00:10Z",DURATION=NaN"#,
        4: #"#EXT-X-DATERANGE:ID="good",START-DATE="2026-11-29T12:00:20Z",DURATION=5"#,
      ])
    let (run, server) = try await run(.text(text, type: "application/vnd.apple.mpegurl"))
    #expect(run.code == 0, "\(run.errors)")
    #expect(run.errors.contains("cues=1 duration=30 target=5 live=false"), "\(run.errors)")
    let warnings = run.events("playlist-warning")
    #expect(warnings.count == 1)
    let warning = try #require(warnings.first)
    #expect(warning["url"] as? String == server.baseURL.absoluteString + "/content/index.m3u8")
    let line = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("NaN") }
    #expect(warning["line"] as? Int == line.map { $0 + 1 })
    #expect(
      warning["message"] as? String
        == #"#EXT-X-DATERANGE: expected DURATION in seconds, a decimal number from 0 to 604800, found "NaN" "#
        + "(the date range is dropped)")
  }

  @Test func aPlaylistThatCannotBeLoadedIsAFatalError() async throws {
    let (run, _) = try await run(.notFound)
    #expect(run.code == 70)
    #expect((run.events("error").first?["message"] as? String)?.contains("HTTP 404") == true)
    #expect(run.events("error").first?["code"] as? Int == 4000)
  }

  @Test func aLivePlaylistNeedsARunWithAnEnd() async throws {
    let (run, _) = try await run(.text(MediaTailorServer.playlist(segments: 3, live: true)))
    #expect(run.code == 70)
    #expect(run.errors.contains("give --until SECONDS or --realtime"))
  }

  @Test func aDurationGivenOnTheCommandLineWinsOverThePlaylist() async throws {
    let (run, server) = try await run(
      .text(MediaTailorServer.playlist(segments: 3)), more: ["--duration", "12"])
    #expect(run.code == 0, "\(run.errors)")
    #expect(run.events("ended").first?["t"] as? Double == 12)
    #expect(server.requests.isEmpty)
  }
}

/// A source that promised HLS but was turned into something else by its integration.
@Suite struct PlaylistFallbackTests {
  @Test func aTransformedSourceWithoutATimelineIsAFatalErrorNotAnEndlessRun() async throws {
    let scratch = try Scratch()
    let plugin = try scratch.write(
      "plugin.lua",
      """
      player.ads:registerServerSideIntegration("swap", function()
        return { setSource = function(source)
          source.sources[1].src = "https://cdn.example/movie.mp4"
          source.sources[1].type = "video/mp4"
          return source
        end }
      end)
      """)
    let source = try scratch.write(
      "source.json",
      #"{"sources": [{"src": "https://cdn.example/index.m3u8", "ssai": {"integration": "swap"}}]}"#)
    let run = await adhost(["run", plugin, source, "--json"])
    #expect(run.code == 70)
    #expect(run.errors.contains("is no HLS playlist and gives no timeline"))
  }
}

import Foundation
import LoopbackHTTP
import TestFiles
import Testing

/// Where a stream's content goes on around interstitials when the live window moves while they
/// play, and after pre-rolls (examples/sgai/hls-live, docs/interstitials.md "Resumption").
@Suite struct InterstitialLiveResumeTests {
  static let plugin = #"player.ads:registerServerSideIntegration("watch", function() return {} end)"#

  /// A playlist of `segments` 6 s segments, one further at each load when `live` (media
  /// sequence = loads so far), with `dateranges` (their START-DATEs in seconds from the first
  /// window's start); `/ad.m3u8` lasts `adSeconds`, `/list.json` lists it.
  func run(
    _ dateranges: [String], live: Bool, segments: Int = 3, adSeconds: Int, arguments: [String]
  ) async throws -> (RunResult, LoopbackServer) {
    let server = try LoopbackServer()
    let loads = LoadCounter()
    server.route("/main.m3u8") { _ in
      let load = live ? loads.next() : 0
      var text = "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXT-X-MEDIA-SEQUENCE:\(load)\n"
      text += "#EXT-X-PROGRAM-DATE-TIME:2026-11-29T12:00:\(String(format: "%02d", 6 * load)).000Z\n"
      for daterange in dateranges {
        text +=
          #"#EXT-X-DATERANGE:CLASS="com.apple.hls.interstitial",X-ASSET-LIST="/list.json",\#(daterange)"#
          + "\n"
      }
      text += (load..<load + segments).map { "#EXTINF:6,\ns\($0).ts" }.joined(separator: "\n") + "\n"
      return .text(text + (live ? "" : "#EXT-X-ENDLIST\n"), type: "application/vnd.apple.mpegurl")
    }
    server.route("/ad.m3u8") { _ in
      .text(
        "#EXTM3U\n#EXT-X-TARGETDURATION:\(adSeconds)\n#EXTINF:\(adSeconds),\na.ts\n#EXT-X-ENDLIST\n",
        type: "application/vnd.apple.mpegurl")
    }
    server.route("/list.json") { _ in
      .text(#"{"ASSETS": [{"URI": "/ad.m3u8", "DURATION": \#(adSeconds)}]}"#, type: "application/json")
    }
    let scratch = try Scratch()
    let plugin = try scratch.write("plugin.lua", Self.plugin)
    let source = try scratch.write(
      "source.json",
      #"{"sources": {"src": ""# + server.baseURL.absoluteString
        + #"/main.m3u8", "ssai": {"integration": "watch"}}}"#)
    return (await adhost(["run", plugin, source, "--json", "--no-segments"] + arguments), server)
  }

  static func date(_ seconds: Int) -> String { String(format: "2026-11-29T12:00:%02d.000Z", seconds) }

  /// Joined at 6 s, an interstitial there with X-RESUME-OFFSET=6 plays 21 s: the window (three
  /// 6 s segments, one further every 6 s) starts at 18 s when it ends, past 12 s.
  @Test func aResumptionPointTheLiveWindowHasLeftIsTheWindowsStart() async throws {
    let (run, _) = try await run(
      [#"ID="long",START-DATE="\#(Self.date(6))",X-RESUME-OFFSET=6"#], live: true, adSeconds: 21,
      arguments: ["--live-start", "12", "--until", "30"])
    #expect(run.code == 0, "\(run.errors)")
    let end = try #require(run.events("interstitialend").first)
    #expect(end["t"] as? Double == 21 && end["resumeTime"] as? Double == 18, "\(end)")
    let seeked = try #require(run.events("seeked").last)
    #expect(seeked["t"] as? Double == 21 && seeked["currentTime"] as? Double == 18)
  }

  /// Still inside the window, the point is kept: X-RESUME-OFFSET=14 resumes at 20 s.
  @Test func aResumptionPointStillInTheWindowIsKept() async throws {
    let (run, _) = try await run(
      [#"ID="long",START-DATE="\#(Self.date(6))",X-RESUME-OFFSET=14"#], live: true, adSeconds: 21,
      arguments: ["--live-start", "12", "--until", "30"])
    #expect(run.code == 0, "\(run.errors)")
    #expect(run.events("interstitialend").first?["resumeTime"] as? Double == 20)
  }

  /// Joined at 18 s (12 s behind the edge of five segments), a 4 s pre-roll plays; the content
  /// goes on at 22 s, 2 s into a mid-roll from 20 s (DURATION=6), which plays from there.
  @Test func afterALivePreRollTheContentGoesOnAsFarAsTheClockWentAndJoinsAMidRollThere() async throws {
    let (run, server) = try await run(
      [
        #"ID="pre",START-DATE="\#(Self.date(0))",CUE="PRE""#,
        #"ID="mid",START-DATE="\#(Self.date(20))",DURATION=6"#,
      ], live: true, segments: 5, adSeconds: 4, arguments: ["--live-start", "12", "--until", "20"])
    #expect(run.code == 0, "\(run.errors)")
    let ends = run.events("interstitialend")
    #expect(ends.first?["t"] as? Double == 4 && ends.first?["resumeTime"] as? Double == 22, "\(ends)")
    let starts = run.events("interstitialstart")
    #expect(
      starts.count == 2 && starts.last?["t"] as? Double == 4 && starts.last?["startOffset"] as? Double == 2)
    let lists = server.requests(for: "/list.json")
    #expect(lists.count == 2 && lists[0].query["_HLS_start_offset"] == nil)
    #expect(lists.last?.query["_HLS_start_offset"] == "2")
    #expect(ends.last?["resumeTime"] as? Double == 26)
  }

  /// VOD: a pre-roll and a mid-roll at the content's start both play, one after the other.
  @Test func aMidRollWhereThePreRollResumesPlaysAfterIt() async throws {
    let (run, _) = try await run(
      [
        #"ID="pre",START-DATE="\#(Self.date(0))",CUE="PRE",X-RESUME-OFFSET=0"#,
        #"ID="mid",START-DATE="\#(Self.date(0))",X-RESUME-OFFSET=0"#,
      ], live: false, adSeconds: 4, arguments: [])
    #expect(run.code == 0, "\(run.errors)")
    let ids = run.events("interstitialstart").compactMap {
      ($0["interstitial"] as? [String: Any])?["id"] as? String
    }
    #expect(ids == ["pre", "mid"], "\(ids)")
    #expect(run.events("ended").first?["t"] as? Double == 26)
  }
}

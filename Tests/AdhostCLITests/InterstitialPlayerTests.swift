import Foundation
import LoopbackHTTP
import TestFiles
import Testing

/// The host's HLS interstitial player against a real server: what it requests, how it schedules
/// and resumes, and what plugins hear.
@Suite struct InterstitialPlayerTests {
  /// Logs what listeners get of each interstitial event.
  static let plugin = """
    player.ads:registerServerSideIntegration("watch", function()
      for _, name in ipairs({"interstitialstart", "assetlistloaded", "interstitialassetstart",
        "interstitialassetend", "interstitialerror", "interstitialend"}) do
        player:addEventListener(name, function(event)
          local i = event.interstitial or {}
          local asset = event.asset or {}
          log.info(string.format("%s id=%s at=%g restrict=%s resume=%s skip=%s x=%s members=%s reason=%s", name,
            tostring(i.id), event.currentTime, table.concat(i.restrict or {}, "+"), tostring(i.resumeOffset),
            tostring(i.skipControl and i.skipControl.offset), tostring(i.attributes and i.attributes["X-COM-AD"]),
            tostring(asset.members and asset.members["X-AD-ID"]), tostring(event.reason)))
        end)
      end
      return {}
    end)
    """

  static let header = """
    #EXTM3U
    #EXT-X-TARGETDURATION:10
    #EXT-X-PROGRAM-DATE-TIME:2026-11-29T12:00:00.000Z
    """

  /// A 30 s VOD playlist with `dateRange` (a tag's attributes after `CLASS`) on line 4, and an
  /// asset list of one 5 s asset at `/list.json` (answered `listStatus`).
  func run(
    _ dateRange: String, listStatus: Int = 200, actions: String? = nil
  ) async throws -> (RunResult, LoopbackServer) {
    let server = try LoopbackServer()
    let playlist =
      Self.header + "\n"
      + #"#EXT-X-DATERANGE:ID="ad1",CLASS="com.apple.hls.interstitial",START-DATE="2026-11-29T12:00:10.000Z","#
      + dateRange + "\n" + (0..<3).map { "#EXTINF:10,\ns\($0).ts" }.joined(separator: "\n")
      + "\n#EXT-X-ENDLIST\n"
    server.route("/content/index.m3u8") { _ in .text(playlist, type: "application/vnd.apple.mpegurl") }
    server.route("/ad.m3u8") { _ in
      .text(
        "#EXTM3U\n#EXT-X-TARGETDURATION:5\n#EXTINF:5,\na.ts\n#EXT-X-ENDLIST\n",
        type: "application/vnd.apple.mpegurl")
    }
    let list = #"{"ASSETS": [{"URI": "/ad.m3u8", "DURATION": 5, "X-AD-ID": "creative-7"}]}"#
    server.route("/list.json") { _ in
      .text(listStatus == 200 ? list : "", type: "application/json", status: listStatus)
    }
    let scratch = try Scratch()
    let plugin = try scratch.write("plugin.lua", Self.plugin)
    let source = try scratch.write(
      "source.json",
      #"{"sources": {"src": ""# + server.baseURL.absoluteString
        + #"/content/index.m3u8", "ssai": {"integration": "watch"}}}"#)
    var arguments = ["run", plugin, source, "--json"]
    if let actions { arguments += ["--actions", try scratch.write("actions.json", actions)] }
    return (await adhost(arguments), server)
  }

  static func time(_ run: RunResult, _ type: String, _ index: Int = 0) -> Double? {
    let found = run.events(type)
    return index < found.count ? found[index]["t"] as? Double : nil
  }

  @Test func anAssetListIsRequestedWhenDueWithThePrimaryIdAlsoOnTheAssetRequest() async throws {
    let (run, server) = try await run(#"X-ASSET-LIST="/list.json",X-RESUME-OFFSET=0"#)
    #expect(run.code == 0, "\(run.errors)")
    let list = try #require(server.requests(for: "/list.json").first)
    let asset = try #require(server.requests(for: "/ad.m3u8").first)
    let primaryId = try #require(list.query["_HLS_primary_id"])
    #expect(primaryId.count == 36)
    #expect(asset.query["_HLS_primary_id"] == primaryId)
    #expect(list.query["_HLS_start_offset"] == nil)
    #expect(Self.time(run, "interstitialstart") == 10)
    #expect(Self.time(run, "interstitialend") == 15)
    // X-RESUME-OFFSET=0: the content resumes where it paused, and ends 5 s late.
    #expect(Self.time(run, "ended") == 35)
    #expect(run.errors.contains("interstitialassetstart id=ad1 at=10"))
    #expect(run.errors.contains("members=creative-7"))
  }

  @Test func withoutResumeOffsetTheContentResumesAfterTheDateRangesDuration() async throws {
    let (run, _) = try await run(#"X-ASSET-URI="/ad.m3u8",DURATION=12"#)
    #expect(run.code == 0, "\(run.errors)")
    let end = try #require(run.events("interstitialend").first)
    #expect(end["t"] as? Double == 15)
    #expect(end["resumeTime"] as? Double == 22)
    // The content resumes at 22 s: 8 s of it are left after the 15 s of clock so far.
    #expect(Self.time(run, "ended") == 23)
  }

  @Test func listenersGetTheInterstitialsAttributes() async throws {
    let (run, _) = try await run(
      #"X-ASSET-URI="/ad.m3u8",X-RESTRICT="JUMP,SKIP",X-RESUME-OFFSET=2.5,X-SKIP-CONTROL-OFFSET=3,X-COM-AD="x7""#
    )
    #expect(run.code == 0, "\(run.errors)")
    #expect(run.errors.contains("interstitialstart id=ad1 at=10 restrict=JUMP+SKIP resume=2.5 skip=3 x=x7"))
    #expect(run.errors.contains("interstitialend id=ad1 at=10"))
    #expect(run.errors.contains("reason=ended"))
  }

  @Test func aFailingAssetListEndsTheInterstitialAndTheContentPlaysOn() async throws {
    let (run, _) = try await run(#"X-ASSET-LIST="/list.json""#, listStatus: 500)
    #expect(run.code == 0, "\(run.errors)")
    let error = try #require(run.events("interstitialerror").first)
    #expect((error["message"] as? String)?.contains("500") == true)
    #expect((run.events("interstitialend").first?["reason"] as? String) == "error")
    #expect(run.events("interstitialassetstart").isEmpty)
    #expect(Self.time(run, "ended") == 30)
  }

  @Test func anInterstitialThatCannotPlayIsReportedWithItsLineAndTheContentPlays() async throws {
    let (run, server) = try await run(#"X-ASSET-URI="/ad.m3u8",X-ASSET-LIST="/list.json""#)
    #expect(run.code == 0, "\(run.errors)")
    let error = try #require(run.events("interstitialerror").first)
    let message = error["message"] as? String ?? ""
    #expect(
      message.contains(#"line 4: #EXT-X-DATERANGE ID="ad1": X-ASSET-URI and X-ASSET-LIST"#), "\(message)")
    #expect(run.events("interstitialstart").isEmpty)
    #expect(server.requests(for: "/ad.m3u8").isEmpty)
    #expect(Self.time(run, "ended") == 30)
  }

  @Test func aSeekLeavingAnUnrestrictedInterstitialEndsItThere() async throws {
    let (run, _) = try await run(
      #"X-ASSET-URI="/ad.m3u8",X-RESUME-OFFSET=0"#, actions: #"[{"at": 12, "do": "seek", "to": 25}]"#)
    #expect(run.code == 0, "\(run.errors)")
    let end = try #require(run.events("interstitialassetend").first)
    #expect(end["t"] as? Double == 12 && end["played"] as? Double == 2 && end["reason"] as? String == "seek")
    #expect((run.events("interstitialend").first?["reason"] as? String) == "seek")
    #expect(Self.time(run, "ended") == 17)
  }
}

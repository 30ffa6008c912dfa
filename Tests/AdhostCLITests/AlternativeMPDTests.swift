import Foundation
import LoopbackHTTP
import TestFiles
import Testing

/// DASH Alternative-MPD events (ISO/IEC 23009-1 6th edition §5.16) in the headless player,
/// against a real server: the ad-decision request, the List MPD's imported MPDs played in place
/// of the content, and where the content resumes for replace and insert.
@Suite struct AlternativeMPDTests {
  static let plugin = """
    player.ads:registerServerSideIntegration("watch", function()
      for _, name in ipairs({"interstitialstart", "assetlistloaded", "interstitialassetstart",
        "interstitialassetend", "interstitialerror", "interstitialend"}) do
        player:addEventListener(name, function(event)
          local i = event.interstitial or {}
          log.info(string.format("%s id=%s mode=%s at=%g asset=%s", name, tostring(i.id),
            tostring(i.alternativeMPD), event.currentTime, tostring(event.asset and event.asset.uri)))
        end)
      end
      return {}
    end)
    """

  static func adMPD(_ seconds: Int) -> String {
    #"<MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="static" mediaPresentationDuration="PT\#(seconds)S">"#
      + #"<Period id="1" duration="PT\#(seconds)S"/></MPD>"#
  }

  static let listMPD = """
    <MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="list" profiles="urn:mpeg:dash:profile:list:2024">
      <Period id="ad_01" duration="PT8S"><ImportedMPD uri="/ads/ad1.mpd"/></Period>
      <Period id="ad_02" duration="PT7S"><ImportedMPD uri="/ads/ad2.mpd"/></Period>
    </MPD>
    """

  /// A 60 s static MPD with one Alternative-MPD event of `mode` at 10 s lasting 20 s, at
  /// /content/index.mpd?session=s1; the endpoint /ads answers `list` (or `listStatus`).
  func run(
    mode: String = "replace", list: String = listMPD, listStatus: Int = 200, ad2Status: Int = 200
  ) async throws -> (RunResult, LoopbackServer) {
    let server = try LoopbackServer()
    let element = mode == "replace" ? "ReplacePresentation" : "InsertPresentation"
    let mpd = """
      <MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="static" mediaPresentationDuration="PT60S">
        <Period id="main" duration="PT60S">
          <EventStream schemeIdUri="urn:mpeg:dash:event:alternativeMPD:\(mode):2025" timescale="1000">
            <RequestParam includeInRequests="altmpd" useMPDUrlQuery="true"/>
            <Event id="1" presentationTime="10000" duration="20000"><\(element) uri="/ads?break=1"/></Event>
          </EventStream>
        </Period>
      </MPD>
      """
    server.route("/content/index.mpd") { _ in .text(mpd, type: "application/dash+xml") }
    server.route("/ads") { _ in .text(list, type: "application/dash+xml", status: listStatus) }
    server.route("/ads/ad1.mpd") { _ in .text(Self.adMPD(8), type: "application/dash+xml") }
    server.route("/ads/ad2.mpd") { _ in .text(Self.adMPD(7), type: "application/dash+xml", status: ad2Status)
    }
    let scratch = try Scratch()
    let plugin = try scratch.write("plugin.lua", Self.plugin)
    let source = try scratch.write(
      "source.json",
      #"{"sources": {"src": ""# + server.baseURL.absoluteString
        + #"/content/index.mpd?session=s1", "ssai": {"integration": "watch"}}}"#)
    return (await adhost(["run", plugin, source, "--json"]), server)
  }

  static func time(_ run: RunResult, _ type: String, _ index: Int = 0) -> Double? {
    InterstitialPlayerTests.time(run, type, index)
  }

  @Test func aReplaceEventPlaysTheListMPDsAdsAndTheContentResumesAfterTheEvent() async throws {
    let (run, server) = try await run()
    #expect(run.code == 0, "\(run.errors)")
    let request = try #require(server.requests(for: "/ads").first)
    #expect(request.query["break"] == "1" && request.query["session"] == "s1")
    #expect(
      server.requests(for: "/ads/ad1.mpd").count == 1 && server.requests(for: "/ads/ad2.mpd").count == 1)
    #expect(run.errors.contains("interstitialstart id=main/1/1 mode=replace at=10"))
    #expect(run.events("interstitialassetstart").count == 2)
    #expect(Self.time(run, "interstitialassetstart", 1) == 18)
    let end = try #require(run.events("interstitialend").first)
    #expect(
      end["t"] as? Double == 25 && end["resumeTime"] as? Double == 30 && end["reason"] as? String == "ended")
    // 10 s of content, 15 s of ads, the 30 s of content after the event.
    #expect(Self.time(run, "ended") == 55)
  }

  @Test func anInsertEventResumesWhereTheContentPaused() async throws {
    let (run, _) = try await run(mode: "insert")
    #expect(run.code == 0, "\(run.errors)")
    #expect(run.errors.contains("interstitialstart id=main/1/1 mode=insert at=10"))
    #expect(run.events("interstitialend").first?["resumeTime"] as? Double == 10)
    #expect(Self.time(run, "ended") == 75)
  }

  @Test func aFailingEndpointPlaysTheContentOnAndNamesTheURL() async throws {
    let (run, _) = try await run(listStatus: 500)
    #expect(run.code == 0, "\(run.errors)")
    let message = try #require(run.events("interstitialerror").first?["message"] as? String)
    #expect(message.contains("/ads?break=1&session=s1") && message.contains("HTTP 500"), "\(message)")
    #expect(run.events("interstitialend").first?["reason"] as? String == "error")
    #expect(run.events("interstitialassetstart").isEmpty)
    // Replace: the content goes on where the event ends, as a player without support would be.
    #expect(Self.time(run, "ended") == 40)
  }

  @Test func aListMPDThatIsNotAListIsLoggedWithWhatWasExpected() async throws {
    let (run, _) = try await run(list: Self.adMPD(8))
    #expect(run.code == 0, "\(run.errors)")
    let message = try #require(run.events("interstitialerror").first?["message"] as? String)
    #expect(message.contains(#"MPD@type: expected "list", got "static""#), "\(message)")
    #expect(Self.time(run, "ended") == 40)
  }

  @Test func anImportedMPDThatFailsIsSkippedAndTheOtherAdsPlay() async throws {
    let (run, _) = try await run(ad2Status: 404)
    #expect(run.code == 0, "\(run.errors)")
    let message = try #require(run.events("interstitialerror").first?["message"] as? String)
    #expect(message.contains("/ads/ad2.mpd") && message.contains("HTTP 404"), "\(message)")
    #expect(run.events("interstitialassetstart").count == 1)
    #expect(run.events("interstitialend").first?["resumeTime"] as? Double == 30)
  }

  /// A 30 s DASH stream written by `adhost media write` whose segment at 10 s carries an `emsg`
  /// of the replace scheme (8 s) naming /ads, which answers a List MPD of one 8 s ad.
  @Test func anAlternativeMPDEventInAnEmsgPlaysAsInTheMPD() async throws {
    let scratch = try Scratch()
    let spec = try scratch.write(
      "spec.json",
      #"{"format": "dash", "duration": 30, "segmentDuration": 5, "emsg": [{"time": 10, "duration": 8, "#
        + #""scheme": "urn:mpeg:dash:event:alternativeMPD:replace:2025", "id": 1, "version": 1, "#
        + #""data": "<ReplacePresentation uri=\"/ads\"/>"}]}"#)
    let folder = scratch.folder.appendingPathComponent("stream").path
    let written = await adhost(["media", "write", spec, folder])
    #expect(written.code == 0, "\(written.errors)")
    let server = try LoopbackServer()
    for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
      let body = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
      server.route("/content/" + name) { _ in
        LoopbackResponse(status: 200, headers: [("Content-Type", "application/octet-stream")], body: body)
      }
    }
    let list = Self.listMPD.replacingOccurrences(
      of: #"<Period id="ad_02" duration="PT7S"><ImportedMPD uri="/ads/ad2.mpd"/></Period>"#, with: "")
    server.route("/ads") { _ in .text(list, type: "application/dash+xml") }
    server.route("/ads/ad1.mpd") { _ in .text(Self.adMPD(8), type: "application/dash+xml") }
    let plugin = try scratch.write("plugin.lua", Self.plugin)
    let source = try scratch.write(
      "source.json",
      #"{"sources": {"src": ""# + server.baseURL.absoluteString
        + #"/content/manifest.mpd", "ssai": {"integration": "watch"}}}"#)
    let run = await adhost(["run", plugin, source, "--json"])
    #expect(run.code == 0, "\(run.errors)")
    #expect(server.requests(for: "/ads").count == 1)
    #expect(run.errors.contains("interstitialstart id=emsg-"), "\(run.errors)")
    #expect(Self.time(run, "interstitialstart") == 10)
    let end = try #require(run.events("interstitialend").first)
    #expect(end["t"] as? Double == 18 && end["resumeTime"] as? Double == 18)
    #expect(Self.time(run, "ended") == 30)
  }
}

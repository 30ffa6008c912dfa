import Foundation
import LoopbackHTTP
import TestFiles
import Testing

/// SVTA creative signaling in a List MPD's Periods (an `EventStream` of scheme
/// `urn:svta:advertising-wg:ad-creative-signaling`, as livesim2's `svta=1` writes it), played by
/// plugins/interstitials.lua against a real server: the slots counted from the Event's time in
/// the Period, and an Event that is not JSON logged with the URL and the Event's path.
@Suite struct ListMPDSignalingTests {
  static func signaling(_ base: String) -> String {
    #"{"version": 2, "type": "slot", "payload": [{"duration": 4, "tracking": ["#
      + #"{"type": "impression", "offset": 0, "urls": ["\#(base)/b/impression"]},"#
      + #"{"type": "complete", "offset": 4, "urls": ["\#(base)/b/complete"]}]}]}"#
  }

  @Test func aPeriodsSignalingFiresFromItsEventsTimeAndABadOneIsLogged() async throws {
    let server = try LoopbackServer()
    let base = server.baseURL.absoluteString
    let list = """
      <MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="list" profiles="urn:mpeg:dash:profile:list:2024">
        <Period id="ad_01" duration="PT8S"><ImportedMPD uri="/ads/ad1.mpd"/>
          <EventStream schemeIdUri="urn:svta:advertising-wg:ad-creative-signaling" timescale="1000">
            <Event id="1" presentationTime="1000">\(Self.signaling(base))</Event></EventStream></Period>
        <Period id="ad_02" duration="PT7S"><ImportedMPD uri="/ads/ad2.mpd"/>
          <EventStream schemeIdUri="urn:svta:advertising-wg:ad-creative-signaling">
            <Event id="1">{"version": 2, oops}</Event></EventStream></Period>
      </MPD>
      """
    let mpd = """
      <MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="static" mediaPresentationDuration="PT60S">
        <Period id="main" duration="PT60S">
          <EventStream schemeIdUri="urn:mpeg:dash:event:alternativeMPD:replace:2025" timescale="1000">
            <Event id="1" presentationTime="10000" duration="20000"><ReplacePresentation uri="/ads"/></Event>
          </EventStream>
        </Period>
      </MPD>
      """
    server.route("/content/index.mpd") { _ in .text(mpd, type: "application/dash+xml") }
    server.route("/ads") { _ in .text(list, type: "application/dash+xml") }
    server.route("/ads/ad1.mpd") { _ in .text(AlternativeMPDTests.adMPD(8), type: "application/dash+xml") }
    server.route("/ads/ad2.mpd") { _ in .text(AlternativeMPDTests.adMPD(7), type: "application/dash+xml") }
    server.fallback { request in request.path.hasPrefix("/b/") ? LoopbackResponse(status: 204) : .notFound }
    let scratch = try Scratch()
    let source = try scratch.write(
      "source.json",
      #"{"sources": {"src": "\#(base)/content/index.mpd", "ssai": {"integration": "interstitials"}}}"#)
    let plugin = repositoryRoot.appendingPathComponent("plugins/interstitials.lua").path
    let run = await adhost(["run", plugin, source, "--json", "--allow-http"])

    #expect(run.code == 0, "\(run.errors)")
    // The first ad (10 s to 18 s): its slot starts 1 s into it, so its impression at 11 s, its
    // complete 4 s later.
    let beacons = run.events("beacon").map { "\($0["event"] ?? "?")@\($0["t"] ?? "?")" }
    #expect(beacons == ["impression@11", "complete@15"], "\(run.output)")
    let issues = run.events("creative-signaling-issue").compactMap { $0["message"] as? String }
    #expect(issues.count == 1, "\(issues)")
    #expect(
      issues.first?.hasPrefix("the List MPD \(base)/ads: MPD/Period[2]/EventStream[1]/Event[1]: not JSON: ")
        == true,
      "\(issues)")
    #expect(issues.first?.hasSuffix("; the ad plays without its creative signaling") == true)
    // The second ad plays on, without signaling.
    #expect(run.events("adend").count == 2)
  }
}

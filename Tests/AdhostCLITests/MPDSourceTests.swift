import Foundation
import LoopbackHTTP
import TestFiles
import Testing

/// DASH sources in the host: the timeline and cues come from the MPD's Periods and Events.
@Suite struct MPDSourceTests {
  /// A plugin that reports every cue it hears, and `player.mpd` once playing and at 12 s.
  static let plugin = """
    local function describe()
      local mpd = player.mpd
      local ids = {}
      for _, period in ipairs(mpd.periods) do
        ids[#ids + 1] = string.format("%s@%g", period.key, period.startTime)
      end
      return string.format("mpd type=%s live=%s origin=%g ast=%s mup=%s duration=%g periods=%s", mpd.type,
        tostring(mpd.live), mpd.origin, tostring(mpd.availabilityStartTime), tostring(mpd.minimumUpdatePeriod),
        player.duration, table.concat(ids, ","))
    end
    player.ads:registerServerSideIntegration("cues", function()
      player:addEventListener("cue", function(event)
        local cue, a = event.cue, event.cue.attributes
        log.info(string.format("cue %s kind=%s class=%s start=%g end=%s at=%g command=%s out=%s break=%s",
          cue.id, cue.kind, tostring(cue.class), cue.startTime, tostring(cue.endTime), event.currentTime,
          tostring(a.command), tostring(a.outOfNetwork), tostring(a.breakDuration)))
      end)
      player:addEventListener("playing", function() log.info(describe()) end)
      timer.after(12, function() log.info(describe()) end)
      return {}
    end)
    """

  /// Serves `mpds` in turn at /live.mpd (the last one repeats).
  final class Turns: @unchecked Sendable {
    private let lock = NSLock()
    private var served = 0
    let mpds: [String]
    init(_ mpds: [String]) { self.mpds = mpds }
    func next() -> LoopbackResponse {
      lock.withLock {
        defer { served += 1 }
        return .text(mpds[min(served, mpds.count - 1)], type: "application/dash+xml")
      }
    }
  }

  func run(_ mpds: [String], more: [String] = []) async throws -> RunResult {
    let server = try LoopbackServer()
    let turns = Turns(mpds)
    server.route("/content/index.mpd") { _ in turns.next() }
    let scratch = try Scratch()
    let plugin = try scratch.write("plugin.lua", Self.plugin)
    let source = try scratch.write(
      "source.json",
      #"{"sources": {"src": ""# + server.baseURL.absoluteString
        + #"/content/index.mpd", "ssai": {"integration": "cues"}}}"#)
    return await adhost(["run", plugin, source, "--json"] + more)
  }

  static let scte35Binary = "/DAvAAAAAAAA///wFAVIAACPf+/+c2nALv4AUsz1AAAAAAAKAAhDVUVJAAABNWLbowo="

  @Test func multiPeriodVODGivesTheTimelineAndCues() async throws {
    let run = try await run([
      """
      <MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="static" mediaPresentationDuration="PT30S">
        <Period id="main-1" duration="PT10S">
          <EventStream schemeIdUri="urn:scte:scte35:2014:xml+bin" timescale="10">
            <Event presentationTime="50" duration="50"><Signal><Binary>\(Self.scte35Binary)</Binary></Signal></Event>
          </EventStream>
        </Period>
        <Period id="ad-1" duration="PT5S"/>
        <Period id="main-2"/>
      </MPD>
      """
    ])
    #expect(run.code == 0, "\(run.errors)")
    #expect(run.events("ended").first?["t"] as? Double == 30)
    #expect(
      run.errors.contains(
        "mpd type=static live=false origin=0 ast=nil mup=nil duration=30 periods=main-1@0,ad-1@10,main-2@15"))
    #expect(run.errors.contains("cue main-1 kind=period class=nil start=0 end=10.0 at=0"))
    #expect(
      run.errors.contains(
        "cue main-1/1/#1 kind=scte35 class=urn:scte:scte35:2014:xml+bin start=5 end=10.0 at=5 "
          + "command=splice_insert out=true break=60.293566666667"))
    #expect(run.errors.contains("cue ad-1 kind=period class=nil start=10 end=15.0 at=10"))
    #expect(run.errors.contains("cue main-2 kind=period class=nil start=15 end=30.0 at=15"))
    #expect(run.events("cue").compactMap { $0["t"] as? Double } == [0, 5, 10, 15])
  }

  static func live(_ periods: String) -> String {
    """
    <MPD type="dynamic" availabilityStartTime="2026-11-29T12:00:00Z" minimumUpdatePeriod="PT5S"
         timeShiftBufferDepth="PT30S">
    \(periods)
    </MPD>
    """
  }

  @Test func aDynamicMPDReloadBringsANewAdPeriod() async throws {
    let content = #"<Period id="c1" start="PT540S"/>"#
    let withAd =
      #"<Period id="c1" start="PT540S" duration="PT80S"/><Period id="ad-7" start="PT620S" duration="PT10S"/>"#
      + #"<Period id="c2" start="PT630S"/>"#
    // Joined at 12:10:00, 600 s after availabilityStartTime: content time 0 is presentation time 600.
    let run = try await run(
      [Self.live(content), Self.live(content), Self.live(withAd)],
      more: ["--until", "40", "--start-date", "2026-11-29T12:10:00Z"])
    #expect(run.code == 0, "\(run.errors)")
    #expect(
      run.errors.contains(
        "mpd type=dynamic live=true origin=600 ast=2026-11-29T12:00:00.000Z mup=5.0 duration=inf periods=c1@-60\n"
      ))
    // The third load (at 10 s) brought the ad Period; its cue fires at its start, 20 s.
    #expect(
      run.errors.contains(
        "mpd type=dynamic live=true origin=600 ast=2026-11-29T12:00:00.000Z mup=5.0 duration=inf "
          + "periods=c1@-60,ad-7@20,c2@30"))
    #expect(run.errors.contains("cue ad-7 kind=period class=nil start=20 end=30.0 at=20"))
    #expect(run.errors.contains("cue c2 kind=period class=nil start=30 end=nil at=30"))
    #expect(run.events("cue").compactMap { $0["t"] as? Double } == [0, 20, 30])
  }

  @Test func aMalformedMPDIsAFatalErrorNamingTheLine() async throws {
    let run = try await run(["<MPD>\n<Period start=\"PT1X\"/>\n</MPD>"])
    #expect(run.code == 70)
    let error = try #require(run.events("error").first)
    #expect(
      (error["message"] as? String)?.contains(
        #"cannot be read: line 2: MPD/Period[1]@start: expected an xs:duration such as PT30S or PT1H2M3.5S, got "PT1X""#
      )
        == true)
    #expect(error["code"] as? Int == 4002)
  }

  @Test func aDynamicMPDNeedsARunWithAnEnd() async throws {
    let run = try await run([Self.live("<Period id=\"c\" start=\"PT0S\"/>")])
    #expect(run.code == 70)
    #expect(
      run.errors.contains(
        "is a dynamic MPD (live) and the run has no end: give --until SECONDS or --realtime"))
  }

  @Test func aLiveMPDThatTurnsStaticEndsTheContentThere() async throws {
    let live = Self.live(#"<Period id="c1" start="PT540S"/>"#)
    // The third load (at 10 s): the event is over, the presentation ends at 640 s (content 40 s).
    let ended = """
      <MPD type="static" availabilityStartTime="2026-11-29T12:00:00Z" mediaPresentationDuration="PT640S">
        <Period id="c1" start="PT540S"/>
      </MPD>
      """
    let run = try await run(
      [live, live, ended], more: ["--until", "100", "--start-date", "2026-11-29T12:10:00Z"])
    #expect(run.code == 0, "\(run.errors)")
    #expect(run.events("ended").first?["t"] as? Double == 40)
  }

  @Test func aFailedReloadIsLoggedAndTheNextOneTriesAgain() async throws {
    let ad = #"<Period id="c1" start="PT540S" duration="PT80S"/><Period id="ad-7" start="PT620S"/>"#
    let run = try await run(
      [Self.live(#"<Period id="c1" start="PT540S"/>"#), "<MPD><Period start=\"x\"/></MPD>", Self.live(ad)],
      more: ["--until", "30", "--start-date", "2026-11-29T12:10:00Z"])
    #expect(run.code == 0, "\(run.errors)")
    let failure = try #require(run.events("mpd-error").first)
    #expect(failure["t"] as? Double == 5)
    #expect(
      (failure["message"] as? String)?.contains(#"MPD/Period[1]@start: expected an xs:duration"#) == true)
    #expect(run.events("cue").compactMap { $0["t"] as? Double } == [0, 20])
  }
}

import Foundation
import LoopbackHTTP
import Testing

/// `plugins/mediatailor.lua` on a DASH session against MediaTailor on 127.0.0.1: the manifest is
/// a multi-period MPD with a Period per ad (Period id = ad id).
@Suite struct MediaTailorDASHTests {
  typealias Avail = MediaTailorServer.AvailSpec
  typealias AdSpec = MediaTailorServer.AdSpec

  static let mpd = """
    <MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="static" mediaPresentationDuration="PT30S">
      <Period id="content-1" duration="PT10S"/>
      <Period id="ad-1" duration="PT10S"/>
      <Period id="content-2" duration="PT10S"/>
    </MPD>
    """

  /// A live MPD: content from 540 s, the ad Period "live-1a" at 620–630 s, content again from 630 s
  /// (presentation seconds from availabilityStartTime, 12:00:00).
  static let liveMPD = """
    <MPD type="dynamic" availabilityStartTime="2026-11-29T12:00:00Z" minimumUpdatePeriod="PT5S">
      <Period id="c1" start="PT540S"/>
      <Period id="live-1a" start="PT620S" duration="PT10S"/>
      <Period id="c2" start="PT630S"/>
    </MPD>
    """

  /// A server whose session answers an MPD manifest and whose tracking answers these avails.
  static func server(_ avails: [Avail], mpd: String = Self.mpd) throws -> MediaTailorServer {
    let server = try MediaTailorServer(playlists: [], tracking: [])
    server.server.route("/v1/session/cfg/asset/index.m3u8") { _ in
      .text(
        #"{"manifestUrl": "/v1/dash/cfg/asset/index.mpd?aws.sessionId=s1", "trackingUrl": "/v1/tracking/cfg/s1"}"#,
        type: "application/json")
    }
    server.server.route("/v1/dash/cfg/asset/index.mpd") { _ in .text(mpd, type: "application/dash+xml") }
    server.answerTracking([server.tracking(avails)])
    return server
  }

  @Test func anAdPlaysAtItsPeriodWhenTheTrackingTimeDisagrees() async throws {
    // The tracking answer puts the avail and its ad 1 s late; the MPD's Period "ad-1" starts at 10.
    let server = try Self.server([
      Avail(id: "b1", start: 11, duration: 10, ads: [AdSpec(id: "ad-1", start: 11, duration: 10)])
    ])
    let run = try await MediaTailorTests.run(server)
    #expect(run.code == 0, "\(run.errors)")
    #expect(MediaTailorTests.times(run, "adbegin") == ["ad-1@10"])
    #expect(MediaTailorTests.times(run, "adend") == ["ad-1@20"])
    #expect(run.events("adbreakbegin").count == 1)
    #expect(
      run.errors.contains(#"ad "ad-1": tracking says 11 s, its Period starts at 10 s: played at its Period"#))
    let beacons = run.events("beacon").map { "\($0["event"] ?? "?")@\($0["t"] ?? "?")" }
    // The break's beacons move with its first ad.
    #expect(
      beacons == [
        "breakStart@10", "impression@10", "start@10", "firstQuartile@12.5", "midpoint@15",
        "thirdQuartile@17.5",
        "complete@20", "breakEnd@20",
      ])
    #expect(server.beacons.count == 8)
  }

  @Test func aDASHSessionLoadsTheMPDAndTimesAdsOnIt() async throws {
    let server = try Self.server([
      Avail(id: "b1", start: 10, duration: 10, ads: [AdSpec(id: "ad-1", start: 10, duration: 10)])
    ])
    let run = try await MediaTailorTests.run(server)
    #expect(run.code == 0, "\(run.errors)")
    #expect(server.server.requests(for: "/v1/dash/cfg/asset/index.mpd").count == 1)
    #expect(MediaTailorTests.times(run, "adbegin") == ["ad-1@10"])
    #expect(run.events("ended").first?["t"] as? Double == 30)
    #expect(!run.errors.contains("played at its Period"))
    // VOD: one poll is enough.
    #expect(server.pollCount == 1)
  }

  @Test func aLiveJoinInsideAnAdPeriodBeginsTheAdThereOnTheAvailabilityStartTimeBase() async throws {
    // Joined at 12:10:25: content time 0 is presentation time 625, 5 s into live-1a (620–630),
    // which the tracking answer times relative to availabilityStartTime.
    let server = try Self.server(
      [Avail(id: "live-1", start: 620, duration: 10, ads: [AdSpec(id: "live-1a", start: 620, duration: 10)])],
      mpd: Self.liveMPD)
    let run = try await MediaTailorTests.run(
      server, more: ["--until", "20", "--start-date", "2026-11-29T12:10:25Z"])
    #expect(run.code == 0, "\(run.errors)")
    #expect(MediaTailorTests.times(run, "adbegin") == ["live-1a@0"], "\(run.errors)")
    #expect(MediaTailorTests.times(run, "adend") == ["live-1a@5"])
    // The break starts at the join (offsets are ≥ 0) for the 5 s left of it.
    let breakBegin = try #require(run.events("adbreakbegin").first)
    #expect((breakBegin["adBreak"] as? [String: Any])?["timeOffset"] as? Double == 0)
    #expect(run.events("aderror").isEmpty)
    let beacons = run.events("beacon").map { "\($0["event"] ?? "?")@\($0["t"] ?? "?")" }
    // What was due before the join goes out at once; the rest at its time; each once.
    #expect(
      beacons == [
        "breakStart@0", "impression@0", "start@0", "firstQuartile@0", "midpoint@0", "thirdQuartile@2.5",
        "complete@5", "breakEnd@5",
      ])
    #expect(!run.errors.contains("played at its Period"))
  }
}

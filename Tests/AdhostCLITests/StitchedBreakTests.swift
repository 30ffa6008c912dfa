import Foundation
import Testing

/// How `lib/stitched.lua` (through `plugins/mediatailor.lua`) ends a break when the playhead
/// leaves it, and what a seek at the instant an ad ends does to the ad.
@Suite struct StitchedBreakTests {
  typealias MT = MediaTailorTests

  /// The (type, id or break offset) of the ad and break events at a virtual time.
  static func adEvents(_ run: RunResult, at time: Double) -> [String] {
    let types: Set = ["adbegin", "adend", "adskip", "adbreakbegin", "adbreakend", "removeadbreak"]
    return run.events.filter { ($0["t"] as? Double) == time && types.contains($0["type"] as? String ?? "") }
      .map { event in
        let ad = (event["ad"] as? [String: Any])?["id"] as? String
        let offset = (event["adBreak"] as? [String: Any])?["timeOffset"] as? Double
        return "\(event["type"] ?? "?") " + (ad ?? offset.map { "break@\($0)" } ?? "?")
      }
  }

  @Test func aBreakLeftPartWayByASeekEndsAtOnceAndIsNotPlayedAgain() async throws {
    let server = try MT.vodServer()
    let run = try await MT.run(
      server, actions: #"[{"at": 5.5, "do": "seek", "to": 20}, {"at": 30, "do": "seek", "to": 3}]"#)
    #expect(run.code == 0, "\(run.errors)")
    // An early return, as THEOplayer's Yospace connector reports it: skipAd, then removeAdBreak.
    #expect(
      Self.adEvents(run, at: 5.5) == [
        "adskip pre-1", "adbreakend break@0.0", "removeadbreak break@0.0",
      ])
    let skip = try #require(run.events("adskip").first)
    #expect(skip["playedPercentage"] as? Double == 0.55)
    #expect(run.events("adbreakend").compactMap { $0["t"] as? Double } == [5.5, 25.5, 70])
    #expect(MT.times(run, "adbegin") == ["pre-1@0", "mid1-1@15.5", "mid2-1@60"])
    #expect(!MT.times(run, "adend").contains { $0.hasPrefix("pre-") })
    // Nothing the viewer did not see is reported.
    let beacons = server.beacons
    #expect(!beacons.contains("pre/breakEnd") && !beacons.contains("pre-1/complete"))
    #expect(!beacons.contains { $0.hasPrefix("pre-2/") })
    // Seeking back into it goes on from its end, like a watched break (and the watched mid1
    // is jumped over when the playhead reaches it again).
    #expect(run.events("seeked").compactMap { $0["currentTime"] as? Double } == [20, 3, 15, 40])
    #expect(run.errors.contains("break at 0 s left part-way"))
  }
}

extension StitchedBreakTests {
  @Test func aSeekAtTheInstantAnAdEndsLetsTheAdComplete() async throws {
    let server = try MediaTailorServer(playlists: [MT.vodPlaylist], tracking: [])
    server.answerTracking([
      server.tracking([
        MT.Avail(id: "pre", start: 0, duration: 15, ads: [MT.AdSpec(id: "pre-1", start: 0, duration: 15)])
      ])
    ])
    let run = try await MT.run(server, actions: #"[{"at": 15, "do": "seek", "to": 60}]"#)
    #expect(run.code == 0, "\(run.errors)")
    // The ad played to its end before the seek: it completes, and its break with it.
    #expect(
      Self.adEvents(run, at: 15) == ["adend pre-1", "adbreakend break@0.0", "removeadbreak break@0.0"])
    #expect(run.events("adskip").isEmpty)
    #expect(server.beacons.contains("pre-1/complete") && server.beacons.contains("pre/breakEnd"))
    let order = run.events.compactMap { $0["type"] as? String }.filter { ["adend", "action"].contains($0) }
    #expect(order == ["adend", "action"])
  }
}

extension StitchedBreakTests {
  @Test func aSeekIntoABreakWhilePausedBeginsTheAdWhenPlaybackResumes() async throws {
    let server = try MT.vodServer()
    let run = try await MT.run(
      server,
      actions: #"[{"at": 20, "do": "pause"}, {"at": 22, "do": "seek", "to": 35}, {"at": 30, "do": "play"}]"#)
    #expect(run.code == 0, "\(run.errors)")
    #expect(run.events("seeked").compactMap { $0["currentTime"] as? Double } == [35, 30])
    #expect(Self.adEvents(run, at: 22).isEmpty)
    #expect(Self.adEvents(run, at: 30) == ["adbreakbegin break@30.0", "adbegin mid1-1"])
    let mid1 = run.events("beacon").filter { ($0["url"] as? String)?.contains("/mid1") == true }
    let first = mid1.prefix(3).map { "\($0["event"] ?? "?")@\($0["t"] ?? "?")" }
    #expect(first == ["breakStart@30", "impression@30", "start@30"])
    #expect(MT.times(run, "adend").contains("mid1-1@40"))
  }
}

extension StitchedBreakTests {
  @Test func theLogSaysWhyASeekWentElsewhere() async throws {
    let server = try MT.vodServer()
    let run = try await MT.run(
      server,
      actions:
        #"[{"at": 20, "do": "seek", "to": 35}, {"at": 35, "do": "seek", "to": 32}, {"at": 40, "do": "seek", "to": 75}]"#
    )
    #expect(run.code == 0, "\(run.errors)")
    #expect(
      run.errors.contains(
        "seek to 35 s: to 30 s instead (into the break at 30 s, which plays from its beginning)"))
    #expect(
      run.errors.contains(
        "seek to 32 s: to 40 s instead (into the break at 30 s, already watched: on from its end)"))
    #expect(
      run.errors.contains("seek to 75 s: to 55 s instead (seekOver = last: a break jumped over plays first)"))
  }
}

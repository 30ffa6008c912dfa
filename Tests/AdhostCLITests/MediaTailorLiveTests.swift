import Foundation
import Testing

/// A live MediaTailor session: the playlist window slides, and the avail's ads arrive across
/// polls.
@Suite struct MediaTailorLiveTests {
  typealias Avail = MediaTailorServer.AvailSpec
  typealias AdSpec = MediaTailorServer.AdSpec

  /// Windows of 4 segments of 5 s sliding by one per load; the eleventh load ends the stream at 70 s.
  static let markers = [
    4: "#EXT-X-CUE-OUT:20", 6: "#EXT-X-CUE-OUT-CONT:ElapsedTime=10,Duration=20", 8: "#EXT-X-CUE-IN",
  ]
  static let windows: [String] =
    (0..<10).map { MediaTailorServer.playlist(segments: 4, from: $0, live: true, markers: markers) }
    + [MediaTailorServer.playlist(segments: 4, from: 10)]

  @Test func availsThatGrowBetweenPollsAreUpdatedNotDuplicated() async throws {
    let server = try MediaTailorServer(playlists: Self.windows, tracking: [])
    let first = Avail(
      id: "live-1", start: 20, duration: 10, ads: [AdSpec(id: "live-1a", start: 20, duration: 10)])
    let grown = Avail(
      id: "live-1", start: 20, duration: 20,
      ads: [AdSpec(id: "live-1a", start: 20, duration: 10), AdSpec(id: "live-1b", start: 30, duration: 10)])
    // Polls at 0, 5, 10, …: nothing twice, the first ad three times, then both.
    let empty = server.tracking([])
    let firstOnly = server.tracking([first])
    let both = server.tracking([grown])
    server.answerTracking([empty, empty, firstOnly, firstOnly, firstOnly, both])
    let run = try await MediaTailorTests.run(server, more: ["--until", "200"])
    #expect(run.code == 0, "\(run.errors)")

    #expect(run.events("addadbreak").compactMap { $0["t"] as? Double } == [10])
    #expect(MediaTailorTests.times(run, "addad") == ["live-1a@10", "live-1b@25"])
    #expect(run.events("updateadbreak").compactMap { $0["t"] as? Double } == [25])
    #expect(MediaTailorTests.times(run, "adbegin") == ["live-1a@20", "live-1b@30"])
    #expect(MediaTailorTests.times(run, "adend") == ["live-1a@30", "live-1b@40"])
    #expect(run.events("removeadbreak").compactMap { $0["t"] as? Double } == [40])
    #expect(run.events("aderror").isEmpty)
    let cue = try #require(run.events("cue").first)
    #expect((cue["cue"] as? [String: Any])?["id"] as? String == "cue-out-4" && cue["t"] as? Double == 20)
    // The window loaded at 50 s has #EXT-X-ENDLIST: the stream ends at 70 s, and the poll after
    // it (55 s) is the last: polls at 0, 5, …, 55.
    #expect(run.events("ended").first?["t"] as? Double == 70)
    #expect(server.pollCount == 12)
    let received = server.beacons
    #expect(Set(received).count == received.count && received.count == 14)
    #expect(received.filter { $0.hasPrefix("live-1b/") }.count == 6)
  }
}

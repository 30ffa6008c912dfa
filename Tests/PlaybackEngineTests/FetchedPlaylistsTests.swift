import Foundation
import OutsideText
import PlaybackEngine
import PlayerSeam
import Testing

/// The cues of the playlists and MPDs a real engine fetched: the headless player's cues, from the
/// bodies the engine's proxy answered, a live playlist's reloads bringing only what is new.
@Suite struct FetchedPlaylistsTests {
  static let url = URL(fileURLWithPath: "/live.m3u8")
  static let mpdURL = URL(fileURLWithPath: "/a.mpd")

  /// A live window from `sequence`: three 2 s segments, the first at `2026-01-01T00:00:<2·sequence>Z`,
  /// with `extra` lines after the program date-time.
  static func window(_ sequence: Int, _ extra: String) -> [UInt8] {
    let seconds = 2 * sequence
    let text = """
      #EXTM3U
      #EXT-X-TARGETDURATION:2
      #EXT-X-MEDIA-SEQUENCE:\(sequence)
      #EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:\(seconds < 10 ? "0" : "")\(seconds).000Z
      \(extra)
      #EXTINF:2.0,
      s\(sequence).ts
      #EXTINF:2.0,
      s\(sequence + 1).ts
      #EXTINF:2.0,
      s\(sequence + 2).ts

      """
    return Array(text.utf8)
  }

  @Test func aLivePlaylistsLoadsSayWhetherItsWindowMovedUntilItEnds() throws {
    var fetched = FetchedPlaylists()
    let first = try fetched.read(Self.window(0, ""), url: Self.url).get().liveWindow
    #expect(first?.moved == true && first?.targetDuration == 2)
    // The same window again: it has not moved.
    #expect(try fetched.read(Self.window(0, ""), url: Self.url).get().liveWindow?.moved == false)
    #expect(try fetched.read(Self.window(1, ""), url: Self.url).get().liveWindow?.moved == true)
    // Ended: no live window.
    let ended = try fetched.read(Self.window(2, "#EXT-X-ENDLIST"), url: Self.url).get()
    #expect(ended.liveWindow == nil)
  }

  @Test func aLivePlaylistReloadedBringsOnlyItsNewCuesWithStableIdsAndTimes() throws {
    var fetched = FetchedPlaylists()
    let a = #"#EXT-X-DATERANGE:ID="a",START-DATE="2026-01-01T00:00:03.000Z",DURATION=1"#
    let b = #"#EXT-X-DATERANGE:ID="b",START-DATE="2026-01-01T00:00:07.000Z""#
    let first = try fetched.read(Self.window(0, a), url: Self.url).get()
    #expect(first.added.map(\.id) == ["a"])
    #expect(first.added.first?.startTime == 3)
    #expect(first.added.first?.kind == "daterange")
    let second = try fetched.read(Self.window(1, a + "\n" + b), url: Self.url).get()
    #expect(second.added.map(\.id) == ["b"])
    // On the first window's time base: 7 s after its first segment.
    #expect(second.added.first?.startTime == 7)
    #expect(second.changed.isEmpty)
    // The same window again brings nothing.
    let again = try fetched.read(Self.window(1, a + "\n" + b), url: Self.url).get()
    #expect(again.added.isEmpty && again.changed.isEmpty)
    // An END-DATE given later changes the cue known.
    let ended =
      #"#EXT-X-DATERANGE:ID="b",START-DATE="2026-01-01T00:00:07.000Z",END-DATE="2026-01-01T00:00:09.000Z""#
    let third = try fetched.read(Self.window(2, ended), url: Self.url).get()
    #expect(third.added.isEmpty)
    #expect(third.changed.map(\.id) == ["b"])
    #expect(third.changed.first?.endTime == 9)
  }

  @Test func anMPDsEventStreamGivesTheHeadlessPlayersCuesAtPresentationTime() throws {
    var fetched = FetchedPlaylists()
    let mpd = """
      <MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="static" mediaPresentationDuration="PT20S">
        <Period id="p1" start="PT0S">
          <EventStream schemeIdUri="urn:example:ads" timescale="10">
            <Event id="e1" presentationTime="45" duration="20">break</Event>
          </EventStream>
        </Period>
      </MPD>
      """
    let load = try fetched.read(Array(mpd.utf8), url: Self.mpdURL).get()
    #expect(load.added.map(\.id) == ["p1", "p1/1/e1"])
    let event = try #require(load.added.last)
    #expect(event.kind == "event")
    #expect(event.startTime == 4.5)
    #expect(event.endTime == 6.5)
    #expect(event.cueClass == "urn:example:ads")
    #expect(try fetched.read(Array(mpd.utf8), url: Self.mpdURL).get().added.isEmpty)
  }

  @Test func aBodyThatCannotBeReadIsAnErrorNamingItsURL() {
    var fetched = FetchedPlaylists()
    let result = fetched.read(Array("<MPD><Period".utf8), url: URL(fileURLWithPath: "/bad.mpd"))
    guard case .failure(let error) = result else {
      Issue.record("read \(result)")
      return
    }
    #expect(error.message.contains("/bad.mpd"), "\(error.message)")
  }
}

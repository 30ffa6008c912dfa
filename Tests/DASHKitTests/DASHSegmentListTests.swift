import DASHKit
import Foundation
import Testing

/// The segments of a Representation, listed from the MPD (docs/dash.md "Segments").
@Suite struct DASHSegmentListTests {

  /// The first Representation's track in Period `period` (0-based) of `xml`.
  static func track(_ xml: String, period: Int = 0, representation: Int = 0, until: Double? = nil) throws
    -> DASHTrack
  {
    let mpd = try MPDParser.parse(Data(xml.utf8))
    let placed = mpd.periods[period]
    let set = try #require(placed.adaptationSets.first)
    return try DASHSegmentList.track(
      set.representations[representation], of: set, in: placed, mpd: mpd,
      mpdURL: try #require(URL(string: "https://cdn.example/live/stream.mpd")), until: until)
  }

  /// `$Number$` with a width format, `$RepresentationID$` and `$Bandwidth$`, `startNumber`, a
  /// fixed `@duration` (the last segment cut at the Period's end), and `BaseURL`s at each level
  /// resolved against the one above.
  @Test func numberTemplateWithBaseURLs() throws {
    let track = try Self.track(
      """
      <MPD mediaPresentationDuration="PT15S"><BaseURL>media/</BaseURL>
      <Period id="p0"><BaseURL>p0/</BaseURL>
      <AdaptationSet mimeType="video/mp4"><BaseURL>v/</BaseURL>
      <SegmentTemplate media="$RepresentationID$/$Bandwidth$/seg-$Number%05d$.m4s" initialization="$RepresentationID$/init.mp4"
        startNumber="7" timescale="1000" duration="6000"/>
      <Representation id="hd" bandwidth="2000000"/></AdaptationSet></Period></MPD>
      """)
    #expect(track.kind == .template)
    #expect(track.initialization?.url.absoluteString == "https://cdn.example/live/media/p0/v/hd/init.mp4")
    #expect(
      track.segments.map(\.url.absoluteString)
        == [7, 8, 9].map {
          "https://cdn.example/live/media/p0/v/hd/2000000/seg-0000\($0).m4s"
        })
    #expect(track.segments.map(\.start) == [0, 6, 12])
    #expect(track.segments.map(\.duration) == [6, 6, 3])
    #expect(track.segments.map(\.number) == [7, 8, 9])
  }

  /// `$Time$` from a `SegmentTimeline`: `@t`, `@d`, `@r`, an `S` without `@t` following the one
  /// before, `@r="-1"` up to the next `S@t`, and at the last `S` up to the Period's end; media
  /// time minus `presentationTimeOffset` places them in the Period.
  @Test func timeTemplateWithATimeline() throws {
    let track = try Self.track(
      """
      <MPD mediaPresentationDuration="PT40S"><Period start="PT10S">
      <AdaptationSet><Representation id="v" bandwidth="1"><SegmentTemplate media="t$Time$.m4s" timescale="1000" presentationTimeOffset="5000">
      <SegmentTimeline><S t="5000" d="4000" r="1"/><S d="2000"/><S d="3000" r="-1"/><S t="20000" d="5000" r="-1"/></SegmentTimeline>
      </SegmentTemplate></Representation></AdaptationSet></Period></MPD>
      """)
    #expect(track.segments.map(\.mediaTime) == [5000, 9000, 13000, 15000, 18000, 20000, 25000, 30000])
    #expect(track.segments.first?.url.absoluteString == "https://cdn.example/live/t5000.m4s")
    #expect(track.segments.map(\.start) == [10, 14, 18, 20, 23, 25, 30, 35])
    #expect(track.segments.last?.end == 40)
    #expect(track.timestampOffset == 5)
  }

  /// `SegmentBase`: the `BaseURL` is the one segment, its `Initialization@range` the init segment
  /// in the same file (the `indexRange` is not read); `SegmentList`: each `SegmentURL` with its
  /// `mediaRange`, timed by `@duration`.
  @Test func segmentBaseAndSegmentList() throws {
    let base = try Self.track(
      """
      <MPD mediaPresentationDuration="PT30S"><Period><AdaptationSet><Representation id="a"><BaseURL>whole.mp4</BaseURL>
      <SegmentBase indexRange="800-999"><Initialization range="0-799"/></SegmentBase></Representation></AdaptationSet></Period></MPD>
      """)
    #expect(base.kind == .base)
    #expect(base.segments.count == 1)
    #expect(base.segments.first?.url.absoluteString == "https://cdn.example/live/whole.mp4")
    #expect(base.segments.first?.duration == 30)
    #expect(base.initialization?.byteRange == MPDByteRange("0-799"))
    let list = try Self.track(
      """
      <MPD mediaPresentationDuration="PT8S"><Period><AdaptationSet><Representation id="a"><BaseURL>all.mp4</BaseURL>
      <SegmentList timescale="10" duration="40"><Initialization sourceURL="init.mp4"/>
      <SegmentURL mediaRange="0-99"/><SegmentURL media="b.m4s"/></SegmentList></Representation></AdaptationSet></Period></MPD>
      """)
    #expect(list.segments.map(\.url.lastPathComponent) == ["all.mp4", "b.m4s"])
    #expect(list.segments.first?.byteRange == MPDByteRange("0-99"))
    #expect(list.segments.map(\.start) == [0, 4])
    #expect(list.initialization?.url.lastPathComponent == "init.mp4")
  }

  /// What an adaptation set's `SegmentTemplate` gives, a Representation's own fills in; the
  /// `InbandEventStream`s of both are the track's.
  @Test func inheritanceAndInbandEventStreams() throws {
    let track = try Self.track(
      """
      <MPD mediaPresentationDuration="PT4S"><Period><AdaptationSet>
      <InbandEventStream schemeIdUri="https://aomedia.org/emsg/ID3"/>
      <SegmentTemplate timescale="1000" duration="2000" initialization="i.mp4"/>
      <Representation id="r"><InbandEventStream schemeIdUri="urn:scte:scte35:2013:bin" value="1"/>
      <SegmentTemplate media="$Number$.m4s"/></Representation></AdaptationSet></Period></MPD>
      """)
    #expect(track.segments.map(\.url.lastPathComponent) == ["1.m4s", "2.m4s"])
    #expect(track.initialization?.url.lastPathComponent == "i.mp4")
    #expect(
      track.inbandEventStreams.map(\.schemeIdUri) == [
        "https://aomedia.org/emsg/ID3", "urn:scte:scte35:2013:bin",
      ])
  }

  /// What cannot be listed is an error naming the line, the Representation and what is wrong.
  @Test func errorsNameTheLineAndElement() throws {
    #expect(throws: MPDError.self) {
      try Self.track(
        """
        <MPD mediaPresentationDuration="PT4S"><Period><AdaptationSet><Representation id="r">
        <SegmentTemplate media="$Index$.m4s" duration="1"/></Representation></AdaptationSet></Period></MPD>
        """)
    }
    do {
      _ = try Self.track(
        """
        <MPD type="dynamic" availabilityStartTime="2026-01-01T00:00:00Z"><Period start="PT0S"><AdaptationSet><Representation id="r">
        <SegmentTemplate media="$Time$.m4s"><SegmentTimeline><S t="0" d="1" r="-1"/></SegmentTimeline></SegmentTemplate>
        </Representation></AdaptationSet></Period></MPD>
        """)
      Issue.record("expected an error")
    } catch let error as MPDError {
      #expect(
        error.message
          == "line 2: MPD/Period[1]/AdaptationSet[1]/Representation[1] S@r=-1 at the last S needs a Period with an end"
      )
    }
    // A timeline that goes back is refused, so segments are always in order.
    #expect(throws: MPDError.self) {
      try Self.track(
        """
        <MPD mediaPresentationDuration="PT9S"><Period><AdaptationSet><Representation id="r">
        <SegmentTemplate media="$Time$.m4s"><SegmentTimeline><S t="5" d="1"/><S t="2" d="1"/></SegmentTimeline>
        </SegmentTemplate></Representation></AdaptationSet></Period></MPD>
        """)
    }
    // Bounded by the live edge, the same timeline lists the segments available by then (ended).
    let live = try Self.track(
      """
      <MPD type="dynamic" availabilityStartTime="2026-01-01T00:00:00Z"><Period start="PT0S"><AdaptationSet><Representation id="r">
      <SegmentTemplate media="$Time$.m4s"><SegmentTimeline><S t="0" d="2" r="-1"/></SegmentTimeline></SegmentTemplate>
      </Representation></AdaptationSet></Period></MPD>
      """, until: 7)
    #expect(live.segments.map(\.mediaTime) == [0, 2, 4])
  }

  /// A live listing from a join point skips the runs before it by arithmetic and keeps
  /// `$Number$` counting them: 100,000 one-tick segments, from 99,990 s on.
  @Test func aListingFromAJoinPointKeepsTheNumbers() throws {
    let mpd = try MPDParser.parse(
      Data(
        """
        <MPD type="dynamic" availabilityStartTime="2026-01-01T00:00:00Z"><Period start="PT0S"><AdaptationSet>
        <Representation id="r"><SegmentTemplate media="$Number$.m4s" startNumber="1">
        <SegmentTimeline><S t="0" d="1" r="99999"/></SegmentTimeline></SegmentTemplate>
        </Representation></AdaptationSet></Period></MPD>
        """.utf8))
    let period = try #require(mpd.periods.first)
    let set = try #require(period.adaptationSets.first)
    let track = try DASHSegmentList.track(
      set.representations[0], of: set, in: period, mpd: mpd,
      mpdURL: try #require(URL(string: "https://cdn.example/live/stream.mpd")), until: 100_000, from: 99_990)
    #expect(track.segments.map(\.number) == Array(99_991...100_000))
    #expect(track.segments.first?.start == 99_990)
  }

  /// The message of the error listing the first Representation of `xml` throws.
  static func refusal(_ xml: String) -> String {
    do {
      _ = try track(xml)
      return "no error"
    } catch {
      return "\(error)"
    }
  }

  /// A timeline whose segments all lie past the Period, or whose times run past 2^64 ticks, or
  /// that ends before `presentationTimeOffset`, lists nothing in the Period: an error naming the
  /// line (an `mpd-issue` of the run), never a Period silently without segments (issue 37, R11).
  @Test func timelinesPastThePeriodOrPast2To64AreRefused() {
    func mpd(_ timeline: String, offset: String = "") -> String {
      """
      <MPD mediaPresentationDuration="PT18S"><Period id="p0" start="PT0S"><AdaptationSet>
      <SegmentTemplate timescale="1" media="s$Time$.m4s"\(offset)><SegmentTimeline>\(timeline)</SegmentTimeline></SegmentTemplate>
      <Representation id="v1" bandwidth="1"/></AdaptationSet></Period></MPD>
      """
    }
    let path = "MPD/Period[1]/AdaptationSet[1]/Representation[1]"
    #expect(
      Self.refusal(mpd(#"<S t="18446744073709551610" d="6" r="2"/>"#))
        == "line 2: \(path) S@t: 18446744073709551610 is at or after the Period's end (18 ticks at timescale 1, "
        + "presentationTimeOffset 0)")
    #expect(
      Self.refusal(
        mpd(
          #"<S t="18446744073709551610" d="6" r="2"/>"#,
          offset: #" presentationTimeOffset="18446744073709551600""#))
        == "line 2: \(path) SegmentTemplate: segment times past 2^64 ticks")
    #expect(
      Self.refusal(mpd(#"<S t="0" d="6" r="2"/>"#, offset: #" presentationTimeOffset="1000000""#))
        == "line 2: \(path): the SegmentTimeline ends at 18, at or before presentationTimeOffset 1000000 "
        + "(the Period's start)")
    // A timeline that runs on past the Period's end is cut there, as before.
    #expect(Self.refusal(mpd(#"<S t="0" d="6" r="9"/>"#)) == "no error")
  }
}

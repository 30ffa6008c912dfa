import Foundation
import HLSKit
import Testing

/// Ad markers made into cues.
@Suite struct MarkerTests {
  static let header = """
    #EXTM3U
    #EXT-X-TARGETDURATION:10
    #EXT-X-PROGRAM-DATE-TIME:2026-11-29T12:00:00.000Z
    """

  static func segments(_ count: Int, from index: Int = 0) -> String {
    (index..<index + count).map { "#EXTINF:10,\ns\($0).ts" }.joined(separator: "\n")
  }

  @Test func aDateRangeIsPlacedThroughProgramDateTime() throws {
    let playlist = try media(
      Self.header + "\n"
        + #"#EXT-X-DATERANGE:ID="ad1",CLASS="com.apple.hls.interstitial",START-DATE="2026-11-29T12:00:25.000Z",DURATION=15.5,PLANNED-DURATION=15,X-ASSET-URI="https://ads.example/a.m3u8",SCTE35-OUT=0xFC302000"#
        + "\n" + Self.segments(5))
    let cue = try #require(playlist.cues.first)
    #expect(cue.id == "ad1")
    #expect(cue.kind == .dateRange)
    #expect(cue.startTime == 25)
    #expect(cue.endTime == 40.5)
    #expect(cue.cueClass == "com.apple.hls.interstitial")
    #expect(cue.attribute("X-ASSET-URI") == "https://ads.example/a.m3u8")
    #expect(cue.attribute("SCTE35-OUT") == "0xFC302000")
    #expect(cue.line == 4)
  }

  @Test func dateRangesWithTheSameIDMergeAndEndOnNextEndsAtTheNextOfItsClass() throws {
    let playlist = try media(
      Self.header + "\n"
        + #"""
        #EXT-X-DATERANGE:ID="s1",START-DATE="2026-11-29T12:00:10Z",SCTE35-OUT=0xFC01
        #EXT-X-DATERANGE:ID="s1",START-DATE="2026-11-29T12:00:10Z",END-DATE="2026-11-29T12:00:30Z",SCTE35-IN=0xFC02
        #EXT-X-DATERANGE:ID="c1",CLASS="chapter",START-DATE="2026-11-29T12:00:00Z",END-ON-NEXT=YES
        #EXT-X-DATERANGE:ID="c2",CLASS="chapter",START-DATE="2026-11-29T12:00:35Z",SCTE35-CMD=0xFC03
        """# + "\n" + Self.segments(5))
    #expect(playlist.cues.map(\.id) == ["c1", "s1", "c2"])
    let merged = try #require(playlist.cues.first { $0.id == "s1" })
    #expect(merged.startTime == 10 && merged.endTime == 30)
    #expect(merged.attribute("SCTE35-OUT") == "0xFC01" && merged.attribute("SCTE35-IN") == "0xFC02")
    #expect(playlist.cues.first?.endTime == 35)
    #expect(playlist.cues.last?.endTime == nil)
    #expect(playlist.cues.last?.attribute("SCTE35-CMD") == "0xFC03")
  }

  @Test func cueOutSpansEndAtCueInOrAfterTheirDuration() throws {
    let playlist = try media(
      """
      #EXTM3U
      #EXT-X-TARGETDURATION:10
      #EXT-X-MEDIA-SEQUENCE:40
      \(Self.segments(1))
      #EXT-X-CUE-OUT:20
      \(Self.segments(1, from: 1))
      #EXT-X-CUE-OUT-CONT:ElapsedTime=10,Duration=20
      \(Self.segments(1, from: 2))
      #EXT-X-CUE-IN
      \(Self.segments(1, from: 3))
      #EXT-X-CUE-OUT:DURATION=30
      \(Self.segments(1, from: 4))
      """)
    #expect(playlist.cues.map(\.id) == ["cue-out-41", "cue-out-44"])
    #expect(playlist.cues.map(\.startTime) == [10, 40])
    #expect(playlist.cues.map(\.endTime) == [30, 70])
    #expect(playlist.cues.allSatisfy { $0.kind == .cueOut })
    #expect(playlist.cues.last?.attribute("DURATION") == "30")
  }

  @Test func aWindowThatStartsInsideASpanOpensItFromTheContinuation() throws {
    let playlist = try media(
      """
      #EXTM3U
      #EXT-X-TARGETDURATION:10
      #EXT-X-MEDIA-SEQUENCE:7
      #EXT-X-CUE-OUT-CONT:12.5/30
      \(Self.segments(2))
      """)
    let cue = try #require(playlist.cues.first)
    #expect(cue.startTime == -12.5)
    #expect(cue.endTime == 17.5)
  }

  @Test func aLiveTimelineKeepsTimesAndCuesAcrossRefreshes() throws {
    var timeline = HLSTimeline()
    timeline.merge(
      try media(
        """
        #EXTM3U
        #EXT-X-TARGETDURATION:10
        #EXT-X-MEDIA-SEQUENCE:100
        \(Self.segments(2))
        #EXT-X-CUE-OUT
        \(Self.segments(1, from: 2))
        """))
    #expect(timeline.end == 30)
    #expect(timeline.cues.map(\.id) == ["cue-out-102"])
    #expect(timeline.cues.first?.endTime == nil)
    timeline.merge(
      try media(
        """
        #EXTM3U
        #EXT-X-TARGETDURATION:10
        #EXT-X-MEDIA-SEQUENCE:102
        #EXT-X-CUE-OUT-CONT:0/20
        \(Self.segments(1, from: 2))
        #EXT-X-CUE-OUT-CONT:10/20
        \(Self.segments(1, from: 3))
        #EXT-X-CUE-IN
        \(Self.segments(1, from: 4))
        """))
    #expect(timeline.segments.map(\.startTime) == [20, 30, 40])
    #expect(timeline.end == 50)
    #expect(timeline.cues.count == 1)
    #expect(timeline.cues.first?.startTime == 20 && timeline.cues.first?.endTime == 40)
    timeline.merge(
      try media(
        """
        #EXTM3U
        #EXT-X-TARGETDURATION:10
        #EXT-X-MEDIA-SEQUENCE:104
        \(Self.segments(2, from: 4))
        #EXT-X-ENDLIST
        """))
    #expect(timeline.end == 60)
    #expect(timeline.hasEnded)
  }
}

import Foundation
import HLSKit
import Testing

/// Every Appendix D attribute of an interstitial date range, read and checked.
@Suite struct InterstitialAttributeTests {
  static let base = URL(string: "https://cdn.example/live/media.m3u8") ?? URL(fileURLWithPath: "/")

  /// The interstitial of one date range `#EXT-X-DATERANGE:ID="ad1",CLASS=…,START-DATE=…,<attributes>`
  /// on line 4 of a playlist of five 10 s segments.
  static func interstitial(_ attributes: String) throws -> HLSInterstitial {
    let cue = try #require(try cues(attributes).first)
    return try HLSInterstitial(cue: cue, baseURL: base)
  }

  static func cues(_ attributes: String) throws -> [HLSCue] {
    let text = """
      #EXTM3U
      #EXT-X-TARGETDURATION:10
      #EXT-X-PROGRAM-DATE-TIME:2026-11-29T12:00:00.000Z
      #EXT-X-DATERANGE:ID="ad1",CLASS="com.apple.hls.interstitial",START-DATE="2026-11-29T12:00:25.000Z",\(attributes)
      """ + "\n" + (0..<5).map { "#EXTINF:10,\ns\($0).ts" }.joined(separator: "\n") + "\n#EXT-X-ENDLIST\n"
    guard case .media(let playlist) = try HLSParser.parse(text, url: base) else {
      Issue.record("not a media playlist")
      return []
    }
    return playlist.cues
  }

  static func failure(_ attributes: String) -> String {
    do {
      _ = try interstitial(attributes)
      return "no error"
    } catch {
      return "\(error)"
    }
  }

  @Test func anAssetURIIsResolvedAgainstThePlaylist() throws {
    let interstitial = try Self.interstitial(#"X-ASSET-URI="ads/a.m3u8""#)
    #expect(interstitial.asset == .uri(try #require(URL(string: "https://cdn.example/live/ads/a.m3u8"))))
    #expect(interstitial.id == "ad1" && interstitial.startTime == 25 && interstitial.line == 4)
  }

  @Test func anAssetListIsResolvedAgainstThePlaylist() throws {
    let interstitial = try Self.interstitial(#"X-ASSET-LIST="https://ads.example/list.json?slot=1""#)
    #expect(interstitial.asset == .list(try #require(URL(string: "https://ads.example/list.json?slot=1"))))
  }

  @Test func bothAssetAttributesOrNeitherAreAnErrorNamingTheLine() {
    #expect(
      Self.failure(#"X-ASSET-URI="a.m3u8",X-ASSET-LIST="l.json""#)
        == #"line 4: #EXT-X-DATERANGE ID="ad1": X-ASSET-URI and X-ASSET-LIST: expected one of them, found both"#
    )
    #expect(
      Self.failure("DURATION=10")
        == #"line 4: #EXT-X-DATERANGE ID="ad1": X-ASSET-URI or X-ASSET-LIST: expected one of them, found neither"#
    )
    #expect(Self.failure(#"X-ASSET-URI="""#).hasSuffix(#"X-ASSET-URI: expected a URI, found """#))
  }

  @Test func resumeOffsetAndPlayoutLimitAreSeconds() throws {
    let interstitial = try Self.interstitial(#"X-ASSET-URI="a.m3u8",X-RESUME-OFFSET=0,X-PLAYOUT-LIMIT=12.5"#)
    #expect(interstitial.resumeOffset == 0)
    #expect(interstitial.playoutLimit == 12.5)
    #expect(
      Self.failure(#"X-ASSET-URI="a.m3u8",X-RESUME-OFFSET=-3"#)
        == #"line 4: #EXT-X-DATERANGE ID="ad1": X-RESUME-OFFSET: expected a decimal number of seconds from 0 to 604800, found "-3""#
    )
    #expect(
      Self.failure(#"X-ASSET-URI="a.m3u8",X-PLAYOUT-LIMIT=inf"#).contains(
        "X-PLAYOUT-LIMIT: expected a decimal"))
  }

  @Test func theResumeOffsetFallsBackToTheDurationThenToWhatPlayed() throws {
    #expect(
      try Self.interstitial(#"X-ASSET-URI="a.m3u8",X-RESUME-OFFSET=0,DURATION=30"#).resumeOffset(played: 9)
        == 0)
    #expect(try Self.interstitial(#"X-ASSET-URI="a.m3u8",DURATION=30"#).resumeOffset(played: 9) == 30)
    let byEndDate = try Self.interstitial(#"X-ASSET-URI="a.m3u8",END-DATE="2026-11-29T12:00:40.000Z""#)
    #expect(byEndDate.duration == 15 && byEndDate.resumeOffset(played: 9) == 15)
    let planned = try Self.interstitial(#"X-ASSET-URI="a.m3u8",PLANNED-DURATION=20"#)
    #expect(planned.plannedDuration == 20 && planned.duration == nil && planned.resumeOffset(played: 9) == 9)
  }

  @Test func snapIsAListOfOutAndIn() throws {
    #expect(try Self.interstitial(#"X-ASSET-URI="a.m3u8",X-SNAP="OUT,IN""#).snap == [.out, .in])
    #expect(try Self.interstitial(#"X-ASSET-URI="a.m3u8",X-SNAP="IN""#).snap == [.in])
    #expect(try Self.interstitial(#"X-ASSET-URI="a.m3u8""#).snap.isEmpty)
    #expect(
      Self.failure(#"X-ASSET-URI="a.m3u8",X-SNAP="OUT,SIDEWAYS""#)
        == #"line 4: #EXT-X-DATERANGE ID="ad1": X-SNAP: expected a comma-separated list of OUT, IN, found "OUT,SIDEWAYS""#
    )
  }

  @Test func restrictIsAListOfSkipAndJump() throws {
    #expect(
      try Self.interstitial(#"X-ASSET-URI="a.m3u8",X-RESTRICT="SKIP,JUMP""#).restrictions == [.skip, .jump])
    #expect(try Self.interstitial(#"X-ASSET-URI="a.m3u8",X-RESTRICT="JUMP""#).restrictions == [.jump])
    #expect(
      Self.failure(#"X-ASSET-URI="a.m3u8",X-RESTRICT="SEEK""#).contains(
        "X-RESTRICT: expected a comma-separated list of SKIP, JUMP"))
  }

  @Test func cueIsPreOrPostAndOnce() throws {
    #expect(try Self.interstitial(#"X-ASSET-URI="a.m3u8",CUE="PRE,ONCE""#).triggers == [.pre, .once])
    #expect(try Self.interstitial(#"X-ASSET-URI="a.m3u8",CUE="POST""#).triggers == [.post])
    #expect(
      Self.failure(#"X-ASSET-URI="a.m3u8",CUE="PRE,POST""#)
        == #"line 4: #EXT-X-DATERANGE ID="ad1": CUE: expected PRE or POST, not both, found PRE,POST"#)
    #expect(
      Self.failure(#"X-ASSET-URI="a.m3u8",CUE="MID""#).contains(
        "CUE: expected a comma-separated list of PRE, POST, ONCE, found \"MID\""))
  }

  @Test func timelineOccupiesAndStyleHaveDefaults() throws {
    let plain = try Self.interstitial(#"X-ASSET-URI="a.m3u8""#)
    #expect(plain.timelineOccupies == .point && plain.timelineStyle == .highlight && plain.contentMayVary)
    let set = try Self.interstitial(
      #"X-ASSET-URI="a.m3u8",X-TIMELINE-OCCUPIES="RANGE",X-TIMELINE-STYLE="PRIMARY",X-CONTENT-MAY-VARY="NO""#)
    #expect(set.timelineOccupies == .range && set.timelineStyle == .primary && !set.contentMayVary)
    #expect(
      Self.failure(#"X-ASSET-URI="a.m3u8",X-TIMELINE-OCCUPIES="LINE""#)
        == #"line 4: #EXT-X-DATERANGE ID="ad1": X-TIMELINE-OCCUPIES: expected POINT or RANGE, found "LINE""#)
    #expect(
      Self.failure(#"X-ASSET-URI="a.m3u8",X-TIMELINE-STYLE="BOLD""#).contains("expected HIGHLIGHT or PRIMARY")
    )
    #expect(
      Self.failure(#"X-ASSET-URI="a.m3u8",X-CONTENT-MAY-VARY="MAYBE""#).contains(
        "X-CONTENT-MAY-VARY: expected YES or NO"))
  }

  @Test func skipControlAttributes() throws {
    let interstitial = try Self.interstitial(
      #"X-ASSET-URI="a.m3u8",X-SKIP-CONTROL-OFFSET=5,X-SKIP-CONTROL-DURATION=10,X-SKIP-CONTROL-LABEL-ID="skip-ad""#
    )
    #expect(
      interstitial.skipControl == HLSInterstitial.SkipControl(offset: 5, duration: 10, labelId: "skip-ad"))
    #expect(try Self.interstitial(#"X-ASSET-URI="a.m3u8""#).skipControl == nil)
    #expect(
      Self.failure(#"X-ASSET-URI="a.m3u8",X-SKIP-CONTROL-OFFSET=soon"#).contains(
        "X-SKIP-CONTROL-OFFSET: expected"))
  }

  @Test func clientAttributesAreKept() throws {
    let interstitial = try Self.interstitial(
      #"X-ASSET-URI="a.m3u8",X-COM-EXAMPLE-AD-ID="42",SCTE35-OUT=0xFC"#)
    #expect(interstitial.otherAttributes.map(\.name) == ["X-COM-EXAMPLE-AD-ID", "SCTE35-OUT"])
  }

  @Test func aBadInterstitialIsReportedAndTheOthersStillRead() throws {
    let cues = try Self.cues(#"X-ASSET-URI="a.m3u8""#)
    var broken = try #require(cues.first)
    broken.id = "ad2"
    broken.attributes.append(HLSAttribute(name: "X-ASSET-LIST", value: "l.json"))
    let other = HLSCue(
      id: "chapter", kind: .dateRange, startTime: 0, endTime: nil, cueClass: "chapter", attributes: [],
      line: 9)
    let (found, errors) = HLSInterstitial.interstitials(in: cues + [broken, other], baseURL: Self.base)
    #expect(found.map(\.id) == ["ad1"])
    #expect(
      errors.map(\.description) == [
        #"line 4: #EXT-X-DATERANGE ID="ad2": X-ASSET-URI and X-ASSET-LIST: expected one of them, found both"#
      ])
  }
}

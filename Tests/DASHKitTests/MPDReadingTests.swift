import Foundation
import Testing

@testable import DASHKit
@testable import SCTE35Kit

/// How the MPD reader gets at its text: the attributes of a start tag by their names (whatever
/// their prefix, defaulted by a DTD or written), text kept only inside the elements that have
/// some (`Location`, `BaseURL`, `Event`), and trimming, durations and base64 white space read
/// from the bytes exactly as the `Character`- and Foundation-based readings before them did.
@Suite struct MPDReadingTests {
  @Test func textIsKeptOnlyInsideTheElementsThatHaveSome() throws {
    let mpd = try MPDParser.parse(
      Data(
        """
        <MPD type="static" mediaPresentationDuration="PT10S">
          stray text
          <Location>https://a.example/<![CDATA[live.mpd]]></Location>
          more stray text
          <BaseURL> https://cdn.example/<!-- a note -->base/ </BaseURL>
          <Period id="p" start="PT0S">
            <BaseURL>p/</BaseURL>
            <EventStream schemeIdUri="urn:example:ad-id" timescale="1">
              <Event presentationTime="1" id="e"> creative <![CDATA[&42]]> </Event>
            </EventStream>
            <AdaptationSet>text<BaseURL>a/</BaseURL>text
              <Representation id="r"><BaseURL>r/</BaseURL>text</Representation>
            </AdaptationSet>
          </Period>
        </MPD>
        """.utf8))
    #expect(mpd.location == "https://a.example/live.mpd")
    #expect(mpd.baseURL == "https://cdn.example/base/")
    let period = try #require(mpd.periods.first)
    #expect(period.baseURL == "p/")
    #expect(period.eventStreams.first?.events.first?.messageData == "creative &42")
    #expect(period.adaptationSets.first?.baseURL == "a/")
    #expect(period.adaptationSets.first?.representations.first?.baseURL == "r/")
  }

  @Test func attributesAreFoundByNameWhateverTheirPrefixOrDefault() throws {
    let mpd = try MPDParser.parse(
      Data(
        """
        <!DOCTYPE MPD [<!ATTLIST Period start CDATA "PT7S">]>
        <MPD xmlns:a="urn:a" xmlns:b="urn:b" type="static">
          <Period a:id="first" b:id="second"/>
          <Period id="third" start="PT1S" a:start="PT9S"/>
        </MPD>
        """.utf8))
    #expect(mpd.periods.map(\.id) == ["second", "third"])
    #expect(mpd.periods.map(\.start) == [7, 9])
  }

  @Test func representationPathsNumberEachLevel() throws {
    var text = "<MPD type=\"static\">"
    for _ in 0..<12 { text += "<Period duration=\"PT1S\"/>" }
    text += "<Period duration=\"PT1S\"><AdaptationSet/><AdaptationSet>"
    for _ in 0..<10 { text += "<Representation/>" }
    text += "</AdaptationSet></Period></MPD>"
    let mpd = try MPDParser.parse(Data(text.utf8))
    let representations = try #require(mpd.periods.last?.adaptationSets.last?.representations)
    #expect(representations.last?.path == "MPD/Period[13]/AdaptationSet[2]/Representation[10]")
    #expect(representations.first?.path == "MPD/Period[13]/AdaptationSet[2]/Representation[1]")
  }

  @Test func trimmingIsFoundationsTrimming() {
    var cases = [
      "", " ", "a", " a ", "\ta\t", "\na\n", "\r\n a \r\n", "\u{A0}a\u{A0}", " \u{A0}a", "a \u{301}",
      " \u{301}a", "\u{2028}a\u{2029}", "\u{85}a", "\u{0B}a\u{0C}", "é ", " é", "a b", "\u{3000}a ",
      "\u{1C}a", " \r", "\n\r\n",
    ]
    cases += Self.generated(from: [
      " ", "\t", "\n", "\r", "\u{0B}", "a", "é", "\u{A0}", "\u{301}", "\u{2028}",
    ])
    for text in cases {
      #expect(
        MPDText.trimmingSpaces(text) == text.trimmingCharacters(in: .whitespaces), "\(text.debugDescription)")
      #expect(
        MPDText.trimmingSpacesAndNewlines(text) == text.trimmingCharacters(in: .whitespacesAndNewlines),
        "\(text.debugDescription)")
    }
  }

  @Test func durationsReadAsTheCharacterReadingDid() {
    var cases = [
      "PT0S", "P1DT1H", "PT1H2M3.25S", "PT540S", " PT5S\t", "\u{A0}PT5S", "PT5S\n", "P1Y2M3DT4H5M6.5S",
      "PT1.5M", "PT.5S", "PT5.S", "PT1..5S", "P1.5D", "PT1e3S", "PT", "P", "T1S", "P1S", "PT1S1M",
      "PT1M1M", "P1M", "PT1M", "P1W", "-PT1S", "PT99999999999999999999S", "PT1234567890123456S",
      "PT123456789012345S", "P\u{301}T1S", "PT1\u{301}S", "PT1S\u{301}", "PT١S", "PT0.000001S",
      "PT" + String(repeating: "9", count: 400) + "S",
    ]
    cases += Self.generated(from: ["P", "T", "Y", "M", "D", "H", "S", "0", "1", "9", ".", " ", "W"])
    for text in cases {
      #expect(XSTime.duration(text) == Self.characterDuration(text), "\(text.debugDescription)")
    }
  }

  @Test func base64WhiteSpaceIsRemovedAsTheCharacterFilterDid() {
    var cases = ["", "/DAv AAAA\r\nAAAA\t\n", "a\u{A0}b", "a\u{85}b", "a \u{301}b", "\u{2028}x", "\u{1C}x"]
    cases += Self.generated(from: [" ", "\r", "\n", "\u{0B}", "A", "=", "\u{A0}", "\u{301}", "\u{2029}"])
    for text in cases {
      #expect(
        SCTE35Binary.withoutWhitespace(text) == text.filter { !$0.isWhitespace }, "\(text.debugDescription)")
    }
  }

  /// Strings of up to 7 pieces drawn from `alphabet`, the same ones on every run.
  static func generated(from alphabet: [String]) -> [String] {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(truncatingIfNeeded: (state >> 33) % UInt64(bound))
    }
    return (0..<3000).map { _ in (0..<next(8)).map { _ in alphabet[next(alphabet.count)] }.joined() }
  }

  /// How `XSTime.duration` read an `xs:duration` before it read bytes: over `Character`s, after
  /// Foundation's trimming. The byte reading must agree with it on every text.
  static func characterDuration(_ text: String) -> Double? {
    var rest = Substring(text.trimmingCharacters(in: .whitespaces))
    guard rest.first == "P" else { return nil }
    rest = rest.dropFirst()
    var seconds = 0.0
    var inTime = false
    var sawField = false
    var lastRank = -1
    let ranks: [Character: (rank: Int, timeRank: Int, seconds: Double)] = [
      "Y": (0, -1, 365 * 86_400), "D": (2, -1, 86_400), "H": (-1, 3, 3_600), "S": (-1, 5, 1),
    ]
    while let first = rest.first {
      if first == "T" {
        guard !inTime else { return nil }
        inTime = true
        rest = rest.dropFirst()
        guard !rest.isEmpty else { return nil }
        continue
      }
      let digits = rest.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
      guard !digits.isEmpty, digits.first != ".", digits.last != ".", digits.filter({ $0 == "." }).count <= 1,
        let value = Double(digits)
      else { return nil }
      rest = rest.dropFirst(digits.count)
      guard let designator = rest.first else { return nil }
      rest = rest.dropFirst()
      let rank: Int
      let unit: Double
      if designator == "M" {
        (rank, unit) = inTime ? (4, 60) : (1, 30 * 86_400)
      } else if let known = ranks[designator] {
        rank = inTime ? known.timeRank : known.rank
        unit = known.seconds
      } else {
        return nil
      }
      guard rank > lastRank, rank >= 0, designator == "S" || !digits.contains(".") else { return nil }
      lastRank = rank
      sawField = true
      seconds += value * unit
    }
    guard sawField, seconds.isFinite else { return nil }
    return seconds
  }
}

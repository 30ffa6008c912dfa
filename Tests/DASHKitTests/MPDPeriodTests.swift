import DASHKit
import Foundation
import Testing

/// MPD attributes and Periods placed on the presentation timeline.
@Suite struct MPDPeriodTests {
  static func parse(_ text: String) throws -> MPD { try MPDParser.parse(Data(text.utf8)) }

  static func failure(_ text: String) -> String {
    do {
      _ = try parse(text)
      return "no error"
    } catch {
      return "\(error)"
    }
  }

  /// A bad attribute stops the parser, which frees the bytes the start tag's attribute values
  /// point into; the attributes read after it (publishTime here) must not touch them (fuzz-mpd
  /// found the read under ASan, which runs this suite too).
  @Test func aBadAttributeFollowedByOthersIsTheErrorAndNothingIsReadAfterTheStop() {
    let message = Self.failure(
      #"<MPD availabilityStartTime="4052-11-29T12:0UTF" publishTime="4052-11-29T12:00:00Z" "#
        + #"mediaPresentationDuration="PT1S"/>"#)
    #expect(message.contains(#"MPD@availabilityStartTime: expected an xs:dateTime"#))
    #expect(message.contains(#"got "4052-11-29T12:0UTF""#))
  }

  @Test func multiPeriodVODDerivesStartsAndEnds() throws {
    let mpd = try Self.parse(
      """
      <?xml version="1.0"?>
      <MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="static" mediaPresentationDuration="PT1M20S">
        <Period id="content-1" duration="PT30S"><AdaptationSet/></Period>
        <Period id="ad-1" duration="PT10S"/>
        <Period id="content-2" start="PT40S"/>
        <Period id="ad-2" start="PT55S" duration="PT10.5S"/>
        <Period id="content-3"/>
      </MPD>
      """)
    #expect(mpd.type == .onDemand)
    #expect(mpd.mediaPresentationDuration == 80)
    #expect(mpd.periods.map(\.id) == ["content-1", "ad-1", "content-2", "ad-2", "content-3"])
    #expect(mpd.periods.map(\.start) == [0, 30, 40, 55, 65.5])
    #expect(mpd.periods.map(\.end) == [30, 40, 55, 65.5, 80])
    #expect(mpd.periods.map(\.startDeclared) == [false, false, true, true, false])
    #expect(mpd.periods[1].line == 4)
    #expect(mpd.end == 80)
  }

  @Test func dynamicMPDAttributes() throws {
    let mpd = try Self.parse(
      """
      <MPD type="dynamic" availabilityStartTime="2026-11-29T12:00:00Z" publishTime="2026-11-29T12:01:00.5+01:00"
           minimumUpdatePeriod="PT5S" timeShiftBufferDepth="PT1M" suggestedPresentationDelay="PT10S">
        <Location> https://cdn.example/live.mpd </Location>
        <Period id="p0" start="PT0S"/>
        <Period id="p1" start="PT1H2M3.25S"/>
        <Period id="early"/>
      </MPD>
      """)
    #expect(mpd.type == .live)
    #expect(mpd.availabilityStartTime == 1_795_953_600)
    #expect(mpd.publishTime == 1_795_953_600 + 60.5 - 3600)
    #expect(mpd.minimumUpdatePeriod == 5)
    #expect(mpd.timeShiftBufferDepth == 60)
    #expect(mpd.suggestedPresentationDelay == 10)
    #expect(mpd.location == "https://cdn.example/live.mpd")
    #expect(mpd.periods.map(\.start) == [0, 3723.25])
    #expect(mpd.periods[0].end == 3723.25)
    #expect(mpd.periods[1].end == nil)
    #expect(mpd.end == nil)
    #expect(
      mpd.issues == [
        #"line 6: MPD/Period[3]: an early available Period (no start, and none derivable): left out"#
      ])
  }

  @Test func badValuesNameTheLineAndPath() {
    #expect(
      Self.failure("<MPD>\n<Period/>\n<Period start=\"soon\"/></MPD>")
        == #"line 3: MPD/Period[2]@start: expected an xs:duration such as PT30S or PT1H2M3.5S, got "soon""#)
    #expect(
      Self.failure("<MPD type=\"live\"/>")
        == #"line 1: MPD@type: expected "static" or "dynamic", got "live""#)
    #expect(
      Self.failure("<MPD type=\"dynamic\"/>")
        == "line 1: MPD: a dynamic MPD needs availabilityStartTime (an xs:dateTime such as 2026-11-29T12:00:00Z)"
    )
    #expect(
      Self.failure("<MPD availabilityStartTime=\"yesterday\"/>")
        == #"line 1: MPD@availabilityStartTime: expected an xs:dateTime such as 2026-11-29T12:00:00Z, got "yesterday""#
    )
    #expect(
      Self.failure("<MPD>\n<Period id=\"a\"/>\n<Period id=\"b\"/></MPD>")
        == "line 3: MPD/Period[2]: expected a start attribute (the Period before it has no duration to derive one from)"
    )
    #expect(
      Self.failure("<MPD>\n<Period start=\"PT10S\"/>\n<Period start=\"PT5S\"/></MPD>")
        == "line 3: MPD/Period[2]: starts at 5 s, before the Period before it (10 s)")
    #expect(
      Self.failure("<MPD>\n<Period id=\"x\" duration=\"PT1S\"/>\n<Period id=\"x\"/></MPD>")
        == #"line 3: MPD/Period[2]: id "x" is the id of MPD/Period[1] too"#)
    #expect(Self.failure("<VAST/>") == "line 1: the root element is <VAST>, expected <MPD>")
    #expect(Self.failure("<MPD><Period></MPD>").hasPrefix("line 1: "))
    #expect(Self.failure("") == "the MPD is empty")
    #expect(
      Self.failure("<!DOCTYPE MPD [<!ENTITY a \"b\">]><MPD/>")
        == "line 1: entity declarations are not allowed in an MPD")
  }

  @Test func durationsAndDates() throws {
    func duration(_ text: String) throws -> Double? {
      try Self.parse("<MPD mediaPresentationDuration=\"\(text)\"/>").mediaPresentationDuration
    }
    #expect(try duration("PT0S") == 0)
    #expect(try duration("P1DT1H") == 90_000)
    for bad in ["PT", "P", "T1S", "PT1.5M", "-PT1S", "PT1S1M", "PT.5S", "PT1e3S", "P1S"] {
      #expect(
        Self.failure("<MPD mediaPresentationDuration=\"\(bad)\"/>").contains("expected an xs:duration"),
        "\(bad)")
    }
    let epoch = try Self.parse("<MPD availabilityStartTime=\"1970-01-01T00:00:00Z\"/>")
    #expect(epoch.availabilityStartTime == 0)
    let leap = try Self.parse("<MPD availabilityStartTime=\"2024-02-29T23:59:59.250\"/>")
    #expect(leap.availabilityStartTime == 1_709_251_199.25)
  }
}

import DASHKit
import Foundation
import Testing

/// The DASH players' suites: androidx/media `DashManifestParserTest` (and its `sample_mpd_*`
/// manifests), shaka-player `test/dash/`, dash.js `test/unit/`. Each case is written from what
/// those tests assert, over MPDs of adhost's own with the same features.
@Suite struct DASHConformance {
  static func mpd(_ body: String, type: String = "static", extra: String = "") throws -> MPD {
    let dynamic = type == "dynamic" ? #" availabilityStartTime="2026-11-29T12:00:00Z""# : ""
    return try MPDParser.parse(
      Data(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="\(type)"\(dynamic) \(extra)>
        \(body)
        </MPD>
        """.utf8))
  }

  /// Two Periods whose SCTE-35 and YouTube events write `scte35:` and `yt:` without declaring
  /// them (as Media3's multi-period and event test manifests do).
  static let undeclaredPrefixes = """
    <Period id="p1" start="PT0S" duration="PT30S">
      <EventStream schemeIdUri="urn:scte:scte35:2014:xml+bin" timescale="90000">
        <Event presentationTime="900000" duration="2700000" id="1">
          <scte35:Signal><scte35:Binary>/DAlAAAAAAAAAP/wFAUAAAABf+//wpTC7X4AFJlwAAEAAAAAn2ZxxA==</scte35:Binary></scte35:Signal>
        </Event>
      </EventStream>
    </Period>
    <Period id="p2" duration="PT30S">
      <EventStream schemeIdUri="urn:youtube:dash:event:2016" timescale="1000">
        <Event presentationTime="5000" duration="1000" id="yt1"><yt:Cue kind="ad"/></Event>
      </EventStream>
    </Period>
    """

  static let media3 = ConformanceSuite(
    peer: "Media3 DashManifestParserTest",
    cases: [
      ConformanceCase(name: "multi-period MPD with undeclared scte35:/yt: in event bodies parses") {
        let read = try mpd(undeclaredPrefixes)
        return read.periods.map(\.id) == ["p1", "p2"] && read.periods.map(\.start) == [0, 30]
      },
      ConformanceCase(name: "its events are read (times from presentationTime / timescale)") {
        let read = try mpd(undeclaredPrefixes)
        let events = read.periods.flatMap { $0.eventStreams.flatMap(\.events) }
        return events.map(\.id) == ["1", "yt1"] && events.map(\.time) == [10, 35]
      },
      ConformanceCase(name: "a dynamic MPD's Period without @start after an open one is left out") {
        let read = try mpd(
          #"<Period id="a" start="PT0S"/><Period id="b"/>"#, type: "dynamic")
        return read.periods.map(\.id) == ["a"]
      },
    ],
    knownDifferences: [:])

  static let shaka = ConformanceSuite(
    peer: "shaka-player test/dash",
    cases: [
      ConformanceCase(name: "a dynamic MPD's first Period without @start starts at 0") {
        try mpd(#"<Period id="a" duration="PT30S"/>"#, type: "dynamic").periods.first?.start == 0
      },
      ConformanceCase(name: "an event running past its Period's end is trimmed to it") {
        let read = try mpd(
          """
          <Period id="a" start="PT0S" duration="PT10S">
            <EventStream schemeIdUri="urn:example:ad" timescale="1">
              <Event presentationTime="8" duration="5" id="e"/>
            </EventStream>
          </Period>
          """)
        return read.periods.first?.eventStreams.first?.events.first?.seconds == 2
      },
      ConformanceCase(name: "a reloaded Period with the same @id is updated, not added") {
        var timeline = MPDTimeline()
        timeline.merge(try mpd(#"<Period id="a" start="PT0S"/>"#, type: "dynamic"))
        timeline.merge(try mpd(#"<Period id="a" start="PT0S" duration="PT20S"/>"#, type: "dynamic"))
        return timeline.periods.count == 1 && timeline.periods.first?.duration == 20
      },
      ConformanceCase(name: "Period starts follow @start, else the previous start plus @duration") {
        try mpd(
          #"<Period id="a" duration="PT10S"/><Period id="b" duration="PT5S"/><Period id="c" start="PT20S"/>"#
        )
        .periods.map(\.start) == [0, 10, 20]
      },
    ],
    knownDifferences: [
      "a dynamic MPD's first Period without @start starts at 0":
        "ISO/IEC 23009-1 §5.3.2.1: in a dynamic MPD such a Period is an early available Period; adhost leaves it out (as Media3 does)",
      "an event running past its Period's end is trimmed to it":
        "adhost keeps an Event's duration as signalled: an SCTE-35 break's length, announced in the Period before the break's own; see docs/dash.md",
    ])

  static let dashJS = ConformanceSuite(
    peer: "dash.js test/unit",
    cases: [
      ConformanceCase(name: "presentationTimeOffset is taken from the event times") {
        let read = try mpd(
          """
          <Period id="a" start="PT100S">
            <EventStream schemeIdUri="urn:example:ad" timescale="10" presentationTimeOffset="1000">
              <Event presentationTime="1050" duration="20" id="e"/>
            </EventStream>
          </Period>
          """)
        let event = read.periods.first?.eventStreams.first?.events.first
        return event?.time == 105 && event?.seconds == 2
      },
      ConformanceCase(name: "mediaPresentationDuration ends a static MPD") {
        try mpd(#"<Period id="a"/>"#, extra: #"mediaPresentationDuration="PT1M""#).end == 60
      },
      ConformanceCase(name: "an xs:duration's year counts 365 days, its month 30") {
        try mpd(#"<Period id="a"/>"#, extra: #"mediaPresentationDuration="P1Y1M""#).end == (365 + 30) * 86_400
      },
    ],
    knownDifferences: [:])

  @Test func media3Agreement() { Self.media3.check() }
  @Test func shakaAgreement() { Self.shaka.check() }
  @Test func dashJSAgreement() { Self.dashJS.check() }

  @Test func undeclaredPrefixesAreNotedWithTheirLine() throws {
    let read = try Self.mpd(Self.undeclaredPrefixes)
    let notes = read.issues.filter { $0.contains("read as if it were declared") }
    #expect(notes.count == 2)
    #expect(notes.first?.hasPrefix("line 6: Namespace prefix scte35 on Signal is not defined") == true)
    #expect(notes.last?.hasPrefix("line 12: Namespace prefix yt on Cue is not defined") == true)
  }

  @Test func anEventPastItsPeriodKeepsItsDuration() throws {
    let read = try Self.mpd(
      """
      <Period id="a" start="PT0S" duration="PT10S">
        <EventStream schemeIdUri="urn:example:ad" timescale="1">
          <Event presentationTime="8" duration="5" id="e"/>
        </EventStream>
      </Period>
      """)
    #expect(read.periods.first?.eventStreams.first?.events.first?.seconds == 5)
    // The announced break runs on into the next Period (MediaTailor's live MPDs): no issue.
    #expect(read.issues.isEmpty)
  }

  @Test func otherWellFormednessErrorsStillRefuse() {
    for body in [#"<Period id="a">"#, #"<Period id="a" id="b"/>"#, #"<Period xmlns:p="" id="a"/>"#] {
      #expect(throws: MPDError.self) { try Self.mpd(body) }
    }
  }
}

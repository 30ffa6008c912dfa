import DASHKit
import Foundation
import Testing

/// Inputs the `mpd` fuzz target found that broke the reader, kept as tests.
@Suite struct MPDFuzzFindingsTests {
  /// A Period or EventStream nested where the reader does not read them (inside an Event, inside
  /// another element) trapped with an index out of range: their children were filed under a
  /// Period that was never read.
  @Test func nestedPeriodsAndEventStreamsOutsideTheirPlaceAreReadPast() throws {
    let inEvent = try MPDParser.parse(
      Data(
        #"<MPD><Event><Period id="p"><EventStream schemeIdUri="x"><Event/></EventStream></Period></Event></MPD>"#
          .utf8))
    #expect(inEvent.periods.isEmpty)
    let inOther = try MPDParser.parse(
      Data(
        #"<MPD><Period id="p" start="PT0S"><X><EventStream schemeIdUri="x"><Event/></EventStream></X></Period></MPD>"#
          .utf8))
    #expect(inOther.periods.count == 1)
    #expect(inOther.periods.first?.eventStreams.isEmpty == true)
    let eventOutsideStream = try MPDParser.parse(
      Data(
        #"<MPD><Period start="PT0S"><EventStream schemeIdUri="x"/><Y><Event/></Y><Event/></Period></MPD>"#
          .utf8))
    #expect(eventOutsideStream.periods.first?.eventStreams.first?.events.isEmpty == true)
  }
}

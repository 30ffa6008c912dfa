import DASHKit
import Foundation
import SCTE35Kit
import Testing

/// SCTE-35 in MPD EventStreams: the XML schema and the base64 binary section.
@Suite struct SCTE35Tests {
  /// SCTE 35's own sample sections (§14.2 splice_insert, §14.1 time_signal).
  static let spliceInsertSample = "/DAvAAAAAAAA///wFAVIAACPf+/+c2nALv4AUsz1AAAAAAAKAAhDVUVJAAABNWLbowo="
  static let timeSignalSample =
    "/DA0AAAAAAAA///wBQb+cr0AUAAeAhxDVUVJSAAAjn/PAAGlmbAICAAAAAAsoKGKNAIAmsnRfg=="

  @Test func binarySpliceInsert() throws {
    let signal = try SCTE35Binary.decode(base64: Self.spliceInsertSample)
    #expect(signal.command == .spliceInsert)
    #expect(signal.spliceEventId == 0x4800_008F)
    #expect(signal.cancel == false)
    #expect(signal.outOfNetwork == true)
    #expect(signal.immediate == false)
    #expect(signal.ptsTime == 0x0_7369_C02E)
    #expect(signal.autoReturn == true)
    #expect(signal.breakDuration == 0x0_0052_CCF5)
    #expect(signal.uniqueProgramId == 0)
    #expect(signal.segmentations.isEmpty)
  }

  @Test func binaryTimeSignalWithSegmentation() throws {
    let signal = try SCTE35Binary.decode(base64: Self.timeSignalSample)
    #expect(signal.command == .timeSignal)
    #expect(signal.ptsTime == 0x0_72BD_0050)
    #expect(signal.segmentations.count == 1)
    let segmentation = try #require(signal.segmentations.first)
    #expect(segmentation.eventId == 0x4800_008E)
    #expect(segmentation.typeId == 0x34)
    #expect(segmentation.seconds == 307)
    #expect(segmentation.segmentNum == 2)
  }

  @Test func brokenBinaryIsRefusedWithWhy() {
    func why(_ bytes: [UInt8]) -> String {
      do {
        _ = try SCTE35Binary.decode(bytes)
        return "no error"
      } catch { return error.message }
    }
    var sample = [UInt8](Data(base64Encoded: Self.spliceInsertSample) ?? Data())
    #expect(why(Array(sample.prefix(10))).contains("section_length is 47 but only 7 bytes follow it"))
    sample[20] ^= 1
    #expect(why(sample) == "the section's CRC_32 does not match its bytes")
    #expect(why([0xFB, 0, 0]) == "table_id is 0xFB, expected 0xFC")
    #expect(why([]) == "the section ends inside table_id (byte 0 of 0)")
  }

  static func mpd(scheme: String, event: String) -> String {
    """
    <MPD xmlns="urn:mpeg:dash:schema:mpd:2011" xmlns:scte35="http://www.scte.org/schemas/35/2016"
         type="static" mediaPresentationDuration="PT120S">
      <Period id="content" start="PT0S" duration="PT100S">
        <EventStream schemeIdUri="\(scheme)" timescale="90000" presentationTimeOffset="900000">
          \(event)
        </EventStream>
      </Period>
    </MPD>
    """
  }

  @Test func xmlSpliceInsertInAnEvent() throws {
    let mpd = try MPDParser.parse(
      Data(
        Self.mpd(
          scheme: "urn:scte:scte35:2013:xml",
          event: """
            <Event id="7" presentationTime="3600000" duration="1350000">
              <scte35:SpliceInfoSection ptsAdjustment="0" tier="4095">
                <scte35:SpliceInsert spliceEventId="1001" spliceEventCancelIndicator="false"
                    outOfNetworkIndicator="true" uniqueProgramId="1" availNum="1" availsExpected="2">
                  <scte35:Program><scte35:SpliceTime ptsTime="3600000"/></scte35:Program>
                  <scte35:BreakDuration autoReturn="true" duration="1350000"/>
                </scte35:SpliceInsert>
              </scte35:SpliceInfoSection>
            </Event>
            """
        ).utf8))
    let stream = try #require(mpd.periods.first?.eventStreams.first)
    #expect(stream.isSCTE35)
    #expect(stream.timescale == 90_000)
    let event = try #require(stream.events.first)
    #expect(event.id == "7")
    #expect(event.time == 30)  // (3600000 − 900000) / 90000
    #expect(event.seconds == 15)
    #expect(event.line == 5)
    let signal = try #require(event.scte35)
    #expect(signal.command == .spliceInsert)
    #expect(signal.spliceEventId == 1001)
    #expect(signal.outOfNetwork == true)
    #expect(signal.ptsTime == 3_600_000)
    #expect(signal.breakDurationSeconds == 15)
    #expect(signal.autoReturn == true)
    #expect(signal.availsExpected == 2)
    #expect(mpd.issues.isEmpty)
  }

  @Test func xmlTimeSignalWithSegmentationDescriptor() throws {
    let mpd = try MPDParser.parse(
      Data(
        Self.mpd(
          scheme: "urn:scte:scte35:2013:xml",
          event: """
            <Event presentationTime="900000">
              <scte35:SpliceInfoSection>
                <scte35:TimeSignal><scte35:SpliceTime ptsTime="900000"/></scte35:TimeSignal>
                <scte35:SegmentationDescriptor segmentationEventId="5" segmentationTypeId="52"
                    segmentationDuration="2700000" segmentNum="1" segmentsExpected="1"/>
              </scte35:SpliceInfoSection>
            </Event>
            """
        ).utf8))
    let event = try #require(mpd.periods.first?.eventStreams.first?.events.first)
    #expect(event.time == 0)
    let signal = try #require(event.scte35)
    #expect(signal.command == .timeSignal)
    #expect(signal.ptsTime == 900_000)
    #expect(signal.segmentations.first?.typeId == 52)
    #expect(signal.segmentations.first?.seconds == 30)
  }

  @Test func binarySignalInAnEvent() throws {
    let mpd = try MPDParser.parse(
      Data(
        Self.mpd(
          scheme: "urn:scte:scte35:2014:xml+bin",
          event: """
            <Event presentationTime="1800000" duration="2700000" id="9">
              <scte35:Signal><scte35:Binary>
                \(Self.spliceInsertSample)
              </scte35:Binary></scte35:Signal>
            </Event>
            """
        ).utf8))
    let event = try #require(mpd.periods.first?.eventStreams.first?.events.first)
    #expect(event.time == 10)
    #expect(event.seconds == 30)
    #expect(event.scte35?.spliceEventId == 0x4800_008F)
    #expect(event.scte35?.breakDuration == 0x0_0052_CCF5)
  }

  @Test func anUnreadableMessageIsAnIssueNotAFailure() throws {
    let mpd = try MPDParser.parse(
      Data(
        Self.mpd(
          scheme: "urn:scte:scte35:2014:xml+bin",
          event:
            "<Event presentationTime=\"900000\"><scte35:Signal><scte35:Binary>not base64!</scte35:Binary></scte35:Signal></Event>"
        ).utf8))
    #expect(mpd.periods.first?.eventStreams.first?.events.first?.scte35 == nil)
    #expect(
      mpd.issues == [
        "line 5: the SCTE-35 message cannot be read: MPD/Period[1]/EventStream[1]/Event[1]/Signal/Binary: the binary signal is not base64"
      ])
    let xml = try MPDParser.parse(
      Data(
        Self.mpd(
          scheme: "urn:scte:scte35:2013:xml",
          event:
            "<Event><scte35:SpliceInfoSection><scte35:SpliceInsert spliceEventId=\"x\"/></scte35:SpliceInfoSection></Event>"
        ).utf8))
    #expect(
      xml.issues == [
        #"line 5: the SCTE-35 message cannot be read: MPD/Period[1]/EventStream[1]/Event[1]/SpliceInfoSection/SpliceInsert@spliceEventId: expected a whole number of at most 32 bits, got "x""#
      ])
  }

  @Test func otherSchemesKeepTheirMessageData() throws {
    let mpd = try MPDParser.parse(
      Data(
        Self.mpd(
          scheme: "urn:example:ad-id",
          event: "<Event presentationTime=\"900000\" id=\"a\">creative-42</Event>"
        )
        .utf8))
    let event = try #require(mpd.periods.first?.eventStreams.first?.events.first)
    #expect(event.messageData == "creative-42")
    #expect(event.scte35 == nil)
    #expect(mpd.issues.isEmpty)
    #expect(
      (try? MPDParser.parse(Data(Self.mpd(scheme: "x", event: "<Event presentationTime=\"-1\"/>").utf8)))
        == nil)
  }
}

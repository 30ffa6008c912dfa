import Foundation

/// The MPDs `adhost-bench mpd` reads: 24 h of a live channel as multi-period MPDs, a content
/// Period of 9 minutes and an ad Period of 1 minute every 10 minutes, as an SSAI packager
/// writes them when the whole day is in the window.
enum MPDBenchDocument {
  /// The day: 288 Periods, each with video (four Representations, one `SegmentTemplate` whose
  /// `SegmentTimeline` lists 2 s segments with `r`) and audio (AAC's 1.984/2.005 s segments
  /// listed one `S` each, as their durations alternate). Each content Period ends with an
  /// `EventStream` carrying the break's SCTE-35 splice: as `Signal/Binary` (scheme
  /// `urn:scte:scte35:2014:xml+bin`) in even hours, as `SpliceInfoSection` XML
  /// (`urn:scte:scte35:2013:xml`) in odd ones.
  static func day() -> String {
    var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    out +=
      "<MPD xmlns=\"urn:mpeg:dash:schema:mpd:2011\" xmlns:scte35=\"http://www.scte.org/schemas/35/2016\" "
    out += "profiles=\"urn:mpeg:dash:profile:isoff-live:2011\" type=\"dynamic\" minBufferTime=\"PT2S\" "
    out += "availabilityStartTime=\"2026-11-29T00:00:00Z\" publishTime=\"2026-11-30T00:00:00Z\" "
    out +=
      "minimumUpdatePeriod=\"PT6S\" timeShiftBufferDepth=\"PT24H\" suggestedPresentationDelay=\"PT12S\">\n"
    out +=
      "  <UTCTiming schemeIdUri=\"urn:mpeg:dash:utc:http-iso:2014\" value=\"https://time.example.com/\"/>\n"
    for slot in 0..<144 {
      let start = slot * 600
      out += period(id: "content-\(slot)", start: start, seconds: 540, event: slot)
      out += period(id: "ad-\(slot)", start: start + 540, seconds: 60, event: nil)
    }
    return out + "</MPD>\n"
  }

  private static func period(id: String, start: Int, seconds: Int, event: Int?) -> String {
    var out = "  <Period id=\"\(id)\" start=\"PT\(start)S\">\n"
    out += "    <BaseURL>\(id)/</BaseURL>\n"
    if let event { out += eventStream(event, at: seconds - 10) }
    out +=
      "    <AdaptationSet id=\"1\" contentType=\"video\" mimeType=\"video/mp4\" segmentAlignment=\"true\" "
    out += "startWithSAP=\"1\" maxWidth=\"1920\" maxHeight=\"1080\" par=\"16:9\">\n"
    out += "      <SegmentTemplate timescale=\"90000\" presentationTimeOffset=\"\(start * 90_000)\" "
    out +=
      "initialization=\"video/$RepresentationID$/init.mp4\" media=\"video/$RepresentationID$/$Time$.m4s\">\n"
    out +=
      "        <SegmentTimeline><S t=\"\(start * 90_000)\" d=\"180000\" r=\"\(seconds / 2 - 1)\"/></SegmentTimeline>\n"
    out += "      </SegmentTemplate>\n"
    for (width, height, bandwidth) in [
      (640, 360, 800_000), (960, 540, 1_800_000), (1280, 720, 3_000_000),
      (1920, 1080, 6_000_000),
    ] {
      out += "      <Representation id=\"v\(height)\" bandwidth=\"\(bandwidth)\" width=\"\(width)\" "
      out += "height=\"\(height)\" codecs=\"avc1.64001f\" frameRate=\"30000/1001\" sar=\"1:1\"/>\n"
    }
    out += "    </AdaptationSet>\n"
    out += "    <AdaptationSet id=\"2\" contentType=\"audio\" mimeType=\"audio/mp4\" lang=\"en\" "
    out += "segmentAlignment=\"true\" startWithSAP=\"1\">\n"
    out += "      <Role schemeIdUri=\"urn:mpeg:dash:role:2011\" value=\"main\"/>\n"
    out += "      <SegmentTemplate timescale=\"48000\" presentationTimeOffset=\"\(start * 48_000)\" "
    out += "initialization=\"audio/init.mp4\" media=\"audio/$Time$.m4s\">\n"
    out += "        <SegmentTimeline>\n"
    var time = start * 48_000
    let end = (start + seconds) * 48_000
    var index = 0
    while time < end {
      let duration = min(index % 2 == 0 ? 95_232 : 96_256, end - time)
      out += "          <S t=\"\(time)\" d=\"\(duration)\"/>\n"
      time += duration
      index += 1
    }
    out += "        </SegmentTimeline>\n      </SegmentTemplate>\n"
    out +=
      "      <Representation id=\"a128\" bandwidth=\"128000\" codecs=\"mp4a.40.2\" audioSamplingRate=\"48000\">\n"
    out += "        <AudioChannelConfiguration "
    out += "schemeIdUri=\"urn:mpeg:dash:23003:3:audio_channel_configuration:2011\" value=\"2\"/>\n"
    out += "      </Representation>\n    </AdaptationSet>\n  </Period>\n"
    return out
  }

  /// The splice that opens the break at `offset` seconds into the content Period.
  private static func eventStream(_ slot: Int, at offset: Int) -> String {
    let hourIsOdd = (slot / 6) % 2 == 1
    var out = "    <EventStream schemeIdUri=\"urn:scte:scte35:"
    out += hourIsOdd ? "2013:xml\" timescale=\"90000\">\n" : "2014:xml+bin\" timescale=\"90000\">\n"
    out += "      <Event id=\"\(slot + 1)\" presentationTime=\"\(offset * 90_000)\" duration=\"5400000\">\n"
    if hourIsOdd {
      out += "        <scte35:SpliceInfoSection ptsAdjustment=\"0\" tier=\"4095\">\n"
      out +=
        "          <scte35:SpliceInsert spliceEventId=\"\(slot + 1)\" spliceEventCancelIndicator=\"false\" "
      out += "outOfNetworkIndicator=\"true\" uniqueProgramId=\"1\" availNum=\"1\" availsExpected=\"1\">\n"
      out +=
        "            <scte35:Program><scte35:SpliceTime ptsTime=\"\(offset * 90_000)\"/></scte35:Program>\n"
      out += "            <scte35:BreakDuration autoReturn=\"true\" duration=\"5400000\"/>\n"
      out += "          </scte35:SpliceInsert>\n        </scte35:SpliceInfoSection>\n"
    } else {
      out +=
        "        <scte35:Signal><scte35:Binary>/DAlAAAAAAAAAP/wFAUAAAABf+/+A1NwwP4AG3dAAAEBAQAAajKdnw==</scte35:Binary>"
      out += "</scte35:Signal>\n"
    }
    return out + "      </Event>\n    </EventStream>\n"
  }
}

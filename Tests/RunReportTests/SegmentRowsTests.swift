import PlayerSeam
import Testing

@testable import RunReport

/// Segment loads are rows of the table with their fields; a `segmenterror` is an error (red, and
/// marked on the picture); the summary counts segments only in runs that loaded some.
@Suite struct SegmentRowsTests {
  @Test func segmentsAreRowsAndAFailedOneIsAnError() {
    let timeline = RunTimeline([
      entry(
        0, .segment,
        [
          ("url", .string("https://cdn.example/s0.ts")), ("status", .number(200)), ("bytes", .number(1880)),
          ("startTime", .number(0)), ("endTime", .number(6)),
        ]),
      entry(
        0, .segmenterror,
        [
          ("url", .string("https://cdn.example/s1.ts")),
          ("message", .string("https://cdn.example/s1.ts: HTTP status 404")),
        ]),
    ])
    #expect(timeline.counts.segments == 1)
    #expect(timeline.counts.segmentBytes == 1880)
    #expect(timeline.counts.failedSegments == 1)
    #expect(timeline.counts.errors == 1)
    let page = RunReport.html(ReportPage(title: "t", timeline: timeline))
    #expect(page.contains("data-type=\"segment\""))
    #expect(page.contains("class=\"err\" data-ad=\"\" data-type=\"segmenterror\""))
    #expect(page.contains("1 media segment loaded (1880 bytes), 1 failed"))
    let plain = RunReport.html(ReportPage(title: "t", timeline: RunTimeline([entry(0, .play)])))
    #expect(!plain.contains("media segment"))
  }

  /// A malformed segment's issue is an error of the page, its marker and "What went wrong" line
  /// naming the segment's URL and byte offset; one only not read is a row, not an error.
  @Test func aSegmentIssueIsAnErrorWithItsURLAndOffset() {
    func issue(_ kind: String, _ message: String) -> ReportEntry {
      entry(
        1, .segmentIssue,
        [
          ("url", .string("https://cdn.example/s0.ts")), ("offset", .number(752)), ("kind", .string(kind)),
          ("message", .string(message)),
        ])
    }
    let timeline = RunTimeline([
      issue("malformed", "PID 259: the SCTE-35 section cannot be read: the section's CRC_32 does not match"),
      issue("unsupported", "not ADTS (AAC): tags after the first are not read"),
    ])
    #expect(timeline.counts.errors == 1)
    #expect(
      timeline.errors.map(\.text) == [
        "https://cdn.example/s0.ts, byte 752: PID 259: the SCTE-35 section cannot be read: the section's "
          + "CRC_32 does not match"
      ])
    let page = RunReport.html(ReportPage(title: "t", timeline: timeline))
    #expect(
      page.contains(
        "<strong>! segment-issue</strong> at 1 s: https://cdn.example/s0.ts, byte 752: PID 259: the SCTE-35 section"
      ))
    #expect(page.contains("class=\"err\" data-ad=\"\" data-type=\"segment-issue\""))
    #expect(page.contains("<tr id=\"row-1\" data-ad=\"\" data-type=\"segment-issue\">"))
  }
}

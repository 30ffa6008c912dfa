import AdPlayer
import Testing

@testable import RunReport

/// Segment loads are rows of the table with their fields; a `segmenterror` is an error (red, and
/// marked on the picture); the summary counts segments only in runs that loaded some.
@Suite struct SegmentRowsTests {
  @Test func segmentsAreRowsAndAFailedOneIsAnError() {
    let timeline = RunTimeline([
      entry(
        0, "segment",
        [
          ("url", .string("https://cdn.example/s0.ts")), ("status", .number(200)), ("bytes", .number(1880)),
          ("startTime", .number(0)), ("endTime", .number(6)),
        ]),
      entry(
        0, "segmenterror",
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
    let plain = RunReport.html(ReportPage(title: "t", timeline: RunTimeline([entry(0, "play")])))
    #expect(!plain.contains("media segment"))
  }
}

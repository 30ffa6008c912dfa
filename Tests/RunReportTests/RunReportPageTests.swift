import Foundation
import PlayerSeam
import Testing

@testable import RunReport

@Suite struct RunReportPageTests {
  @Test func textFromTheLogIsEscaped() {
    let hostile = "<script>alert(1)</script>\"'&"
    let page = RunReport.html(
      ReportPage(
        title: hostile,
        timeline: RunTimeline([
          entry(0, .addad, ad: hostile, offset: 0), entry(0, .adbegin, ad: hostile, offset: 0),
          entry(1, .beacon, ad: hostile, [("event", .string(hostile)), ("url", .string(hostile))]),
          entry(2, .aderror, ad: hostile, [("message", .string(hostile))]),
        ]),
        marks: [ReportMark(time: 1, label: hostile, message: hostile)]))
    #expect(!page.contains(hostile))
    #expect(!page.contains("<script>alert"))
    #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;"))
    // The only script is the page's own.
    #expect(page.components(separatedBy: "<script>").count == 2)
  }

  @Test func thePageLoadsNothing() throws {
    let page = RunReport.html(ReportPage(title: "t", timeline: RunTimeline(RunTimelineTests.log)))
    #expect(!page.contains(" src="))
    #expect(!page.contains("@import"))
    // Links go to the page's own rows; the icon is an empty data URL; fills are the page's patterns.
    for href in page.components(separatedBy: "href=\"").dropFirst() {
      #expect(href.hasPrefix("#") || href.hasPrefix("data:"), "href=\(href.prefix(40))")
    }
    for url in page.components(separatedBy: "url(").dropFirst() {
      #expect(url.hasPrefix("#"), "url(\(url.prefix(40))")
    }
    #expect(page.contains("Content-Security-Policy\" content=\"default-src 'none'"))
  }

  /// A day of live content with a break of four 15 s ads every 10 minutes, a timeupdate a
  /// second and six beacons per ad: the page stays far under 10 MB, the trace a few points a break.
  @Test func aDayLongRunStaysSmall() {
    var timeline = RunTimeline()
    var content = 0.0
    var time = 0.0
    while time < 86_400 {
      let offset = content
      timeline.add(entry(time, .adbreakbegin, content: content, offset: offset))
      for index in 0..<4 {
        let ad = "ad-\(Int(offset))-\(index)"
        timeline.add(entry(time, .adbegin, content: content, ad: ad, offset: offset))
        for (step, event) in [
          "impression", "start", "firstQuartile", "midpoint", "thirdQuartile", "complete",
        ]
        .enumerated() {
          let at = time + 15 * Double(max(0, step - 1)) / 4
          timeline.add(
            entry(
              at, .beacon, content: content, ad: ad,
              [
                ("event", .string(event)), ("url", .string("https://t.example/\(event)?ad=\(ad)")),
                ("status", .number(200)),
              ]))
        }
        time += 15
        timeline.add(entry(time, .adend, content: content, ad: ad, offset: offset))
      }
      timeline.add(entry(time, .adbreakend, content: content, offset: offset))
      for _ in 0..<540 {
        time += 1
        content += 1
        timeline.add(entry(time, .timeupdate, content: content))
      }
    }
    timeline.finish()
    #expect(timeline.breaks.count == 144)
    #expect(timeline.trace.points.count <= 2 * 144 + 2)
    let bytes = RunReport.html(ReportPage(title: "day", timeline: timeline)).utf8.count
    #expect(bytes < 10_000_000, "\(bytes) bytes")
  }
}

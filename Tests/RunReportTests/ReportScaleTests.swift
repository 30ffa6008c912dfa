import Foundation
import PlayerSeam
import Testing

@testable import RunReport

/// The report's work and size as its log grows: counted in steps (ads and breaks visited to find
/// the one an entry names) and bytes, never in wall time. Linear work grows 8× from n to 8n;
/// quadratic 64×.
@Suite struct ReportScaleTests {
  /// A run of `count` ads in one break, added first (an SSAI session's pod), then each played
  /// with two beacons, every tenth failing, then each beacon again.
  static func adLog(_ count: Int) -> [ReportEntry] {
    var log: [ReportEntry] = []
    for index in 0..<count { log.append(entry(0, .addad, ad: "ad\(index)", offset: 1)) }
    log.append(entry(1, .adbreakbegin, content: 1, offset: 1))
    var time = 1.0
    for index in 0..<count {
      let ad = "ad\(index)"
      log.append(entry(time, .adbegin, content: 1, ad: ad, offset: 1))
      log.append(entry(time, .beacon, content: 1, ad: ad, [("event", .string("impression"))]))
      if index % 10 == 0 {
        log.append(entry(time, .aderror, content: 1, ad: ad, [("message", .string("bad media"))]))
      } else {
        time += 0.001
        log.append(entry(time, .adend, content: 1, ad: ad, offset: 1))
      }
      log.append(entry(time, .beacon, content: 1, ad: ad, [("event", .string("complete"))]))
    }
    log.append(entry(time, .adbreakend, content: 1, offset: 1))
    return log
  }

  static func steps(_ count: Int) -> Int {
    var timeline = RunTimeline()
    for item in adLog(count) { timeline.add(item) }
    timeline.finish()
    #expect(timeline.ads.count == count)
    #expect(timeline.ads.filter { $0.outcome == .failed }.count == (count + 9) / 10)
    #expect(timeline.beacons.allSatisfy { $0.ad != nil })
    return timeline.steps
  }

  @Test func theTimelineIsLinearInTheAdsOfABreak() {
    let small = Self.steps(1000)
    let large = Self.steps(8000)
    #expect(large <= small * 10, "1000 ads: \(small) steps, 8000 ads: \(large) steps")
  }

  /// Replays of a break (a snapback) find their slots by halving, not by looking at every ad.
  @Test func replayedBreaksAreLinear() {
    func steps(_ count: Int) -> Int {
      var timeline = RunTimeline()
      var time = 0.0
      for round in 0..<count {
        timeline.add(entry(time, .adbreakbegin, offset: 5))
        for slot in 0..<3 {
          timeline.add(entry(time, .adbegin, ad: "r\(round % 7)-\(slot)", offset: 5))
          time += 1
          timeline.add(entry(time, .adend, ad: "r\(round % 7)-\(slot)", offset: 5))
        }
        timeline.add(entry(time, .adbreakend, offset: 5))
      }
      timeline.finish()
      #expect(timeline.ads.map(\.slot).max() == 2)
      return timeline.steps
    }
    let small = steps(500)
    let large = steps(4000)
    #expect(large <= small * 10, "500 replays: \(small) steps, 4000 replays: \(large) steps")
  }

  /// 50 000 warnings of 1 KB: the table keeps its first and last rows and says how many it left
  /// out; the page is a few MB, not the log's 50 MB.
  @Test func aLongLogKeepsItsFirstAndLastRows() {
    var timeline = RunTimeline()
    let line = String(repeating: "x", count: 1000)
    for index in 0..<50_000 {
      timeline.add(
        entry(Double(index) / 1000, .log, [("level", .string("warn")), ("message", .string(line))]))
    }
    timeline.finish()
    let limits = ReportLimits.standard
    #expect(timeline.rows.count == limits.headRows + limits.tailRows)
    #expect(timeline.rows.omitted == 50_000 - limits.headRows - limits.tailRows)
    #expect(timeline.rows.head.last?.number == limits.headRows - 1)
    #expect(timeline.rows.tail.map(\.number) == Array((50_000 - limits.tailRows)..<50_000))
    let page = RunReport.html(ReportPage(title: "warnings", timeline: timeline))
    #expect(page.contains("48000 more entries omitted"))
    #expect(page.contains("id=\"row-49999\""))
    #expect(!page.contains("id=\"row-1000\""))
    #expect(page.utf8.count < 5_000_000, "\(page.utf8.count) bytes")
  }

  /// A 10 MB message is cut to the limit, with how much was cut.
  @Test func longTextsAreCut() {
    let limits = ReportLimits(headRows: 10, tailRows: 10, textBytes: 100, markers: 3)
    var timeline = RunTimeline(limits: limits)
    let long = String(repeating: "é", count: 5_000_000)
    timeline.add(entry(1, .aderror, ad: String(repeating: "a", count: 300), [("message", .string(long))]))
    timeline.add(entry(2, .log, [("data", .array([.string(long)]))]))
    let row = timeline.rows.head[0].item.entry
    #expect(row.adId == String(repeating: "a", count: 100) + "… (200 more bytes)")
    #expect(
      row.fields["message"]?.stringValue == String(repeating: "é", count: 50) + "… (9999900 more bytes)")
    #expect(timeline.errors[0].text.utf8.count < 200)
    #expect(timeline.rows.head[1].item.entry.fields["data"]?.stringValue?.hasPrefix("[\"éé") == true)
    #expect((timeline.rows.head[1].item.entry.fields["data"]?.stringValue?.utf8.count ?? 0) < 200)
  }

  /// Beyond `markers` errors, the rest are counted and said to be omitted.
  @Test func markersAreCounted() {
    let limits = ReportLimits(headRows: 10, tailRows: 10, textBytes: 100, markers: 3)
    var timeline = RunTimeline(limits: limits)
    for index in 0..<10 {
      timeline.add(entry(Double(index), .pluginError, [("message", .string("boom \(index)"))]))
      timeline.add(entry(Double(index), .beacon, [("event", .string("start")), ("status", .number(500))]))
    }
    #expect(timeline.errors.count == 3)
    #expect(timeline.beacons.count == 3)
    #expect(timeline.counts == MarkerCounts(beacons: 10, failedBeacons: 10, actions: 0, errors: 10))
    let page = RunReport.html(ReportPage(title: "errors", timeline: timeline))
    #expect(page.contains("7 more errors omitted"))
    #expect(page.contains("10 beacons (10 failed)"))
  }
}

@Suite struct ReportSpoolTests {
  /// What goes into the spool comes out in order, texts cut; reading leaves it open to more.
  @Test func entriesComeBackInOrder() throws {
    let spool = try ReportSpool(limits: ReportLimits(headRows: 10, tailRows: 10, textBytes: 64, markers: 10))
    let first = entry(
      1.5, .beacon, content: 0.25, ad: "a\"1", offset: 30,
      [
        ("event", .string("start")), ("status", .number(204)),
        ("nested", .object(JSONObject([("k", .null)]))),
      ])
    spool.append(first)
    spool.append(entry(2, .log, [("message", .string(String(repeating: "m", count: 100)))]))
    var read: [ReportEntry] = []
    try spool.forEach { read.append($0) }
    #expect(read.count == 2)
    #expect(read[0].entry == first.entry)
    #expect(read[0].contentTime == 0.25)
    #expect(
      read[1].entry.fields["message"]?.stringValue == String(repeating: "m", count: 64) + "… (36 more bytes)")
    for index in 0..<20_000 { spool.append(entry(3 + Double(index), .timeupdate, content: Double(index))) }
    var count = 0
    var last = 0.0
    try spool.forEach {
      count += 1
      last = $0.contentTime
    }
    #expect(count == 20_002)
    #expect(last == 19_999)
  }
}

@Suite struct ReportLimitsTests {
  @Test func cutKeepsWholeCharacters() {
    let limits = ReportLimits(headRows: 1, tailRows: 1, textBytes: 17, markers: 1)
    #expect(limits.cut("short") == "short")
    // 17 bytes hold eight two-byte characters and not the ninth's first byte.
    #expect(
      limits.cut(String(repeating: "é", count: 10)) == String(repeating: "é", count: 8) + "… (4 more bytes)")
  }
}

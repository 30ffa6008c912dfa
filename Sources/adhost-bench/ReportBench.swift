import AdCheck
import AdPlayer
import Foundation
import RunReport

/// `adhost-bench report`: the HTML report of the timeline suite's 24 h live run (its log and
/// content times already in memory, its strict violations as marks, as `adhost run --strict
/// --report` draws them): CPU seconds to build the timeline, render the page and write the file
/// (medians of three), the file's size, and how long headless Chromium takes to open it.
/// `--write DIR` keeps the page there (report-24h.html); otherwise it goes to a temporary folder.
enum ReportBench {
  static var suite: Suite {
    Suite(
      name: "report",
      summary: "the HTML report of a 24 h run: CPU s to write, file size, Chromium's load time",
      // `chromium` (a text) stands for the three Chromium figures where Chromium is not installed.
      figures: [
        "entries", "marks", "timeline_cpu_s", "html_cpu_s", "file_write_cpu_s", "cpu_s", "file_mb",
        "chromium_open_s", "chromium_blank_page_s", "chromium_load_event_s", "chromium",
      ],
      run: run)
  }

  static func run(_ arguments: [String]) throws -> [(key: String, value: BenchValue)] {
    let folder: URL
    let keep: Bool
    if arguments.count == 2, arguments[0] == "--write" {
      folder = URL(fileURLWithPath: arguments[1])
      keep = true
    } else if arguments.isEmpty {
      folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "adhost-bench-report-\(ProcessInfo.processInfo.processIdentifier)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      keep = false
    } else {
      throw BenchError("expected no arguments or --write DIR")
    }
    defer { if !keep { try? FileManager.default.removeItem(at: folder) } }
    let page = folder.appendingPathComponent("report-24h.html")

    let log = try TimelineBench.record(seconds: 24 * 3600)
    let entries = log.map { ReportEntry($0.entry, contentTime: $0.contentTime) }
    let marks = StrictRules.check(log.map(\.entry)).map {
      ReportMark(time: $0.time, label: $0.rule.id, message: $0.message)
    }
    var timelineTimes: [Double] = []
    var renderTimes: [Double] = []
    var writeTimes: [Double] = []
    var bytes = 0
    for _ in 0..<3 {
      let t0 = cpuSeconds()
      var timeline = RunTimeline()
      for entry in entries { timeline.add(entry) }
      timeline.finish()
      let t1 = cpuSeconds()
      let html = RunReport.html(
        ReportPage(title: "live · 24 h", subtitle: "adhost-bench report", timeline: timeline, marks: marks))
      let t2 = cpuSeconds()
      do {
        try html.write(to: page, atomically: true, encoding: .utf8)
      } catch {
        throw BenchError("cannot write \(page.path): \(error.localizedDescription)")
      }
      let t3 = cpuSeconds()
      timelineTimes.append(t1 - t0)
      renderTimes.append(t2 - t1)
      writeTimes.append(t3 - t2)
      bytes = html.utf8.count
    }
    let timeline = TimelineBench.median(timelineTimes)
    let render = TimelineBench.median(renderTimes)
    let write = TimelineBench.median(writeTimes)
    var figures: [(key: String, value: BenchValue)] = [
      ("entries", .integer(entries.count)),
      ("marks", .integer(marks.count)),
      ("timeline_cpu_s", .number(timeline)),
      ("html_cpu_s", .number(render)),
      ("file_write_cpu_s", .number(write)),
      ("cpu_s", .number(timeline + render + write)),
      ("file_mb", .number(Double(bytes) / 1e6)),
    ]
    if let chromium = ChromiumLoad.find() {
      let load = try chromium.measure(page, in: folder)
      figures += [
        ("chromium_open_s", .number(load.open)),
        ("chromium_blank_page_s", .number(load.blank)),
        ("chromium_load_event_s", .number(load.loadEvent)),
      ]
    } else {
      figures.append(("chromium", .text("not installed (ADHOST_TEST=1 scripts/setup.sh installs it)")))
    }
    return figures
  }

  /// CPU seconds this process has used (all threads).
  static func cpuSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }
}

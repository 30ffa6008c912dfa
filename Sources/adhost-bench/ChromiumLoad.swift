import Foundation

/// Headless Chromium opening a page from disk, timed: the whole process (start, load, DOM
/// dumped, exit) for the page and for a blank page, and the page's own `performance.now()` at
/// its load event, read from a copy of the page with a probe script (`data-load-ms` on
/// `<html>` in the dumped DOM). Medians of three launches each.
struct ChromiumLoad {
  let executable: String

  /// Chromium from PATH (Debian's `chromium`, installed by `ADHOST_TEST=1 scripts/setup.sh`).
  static func find() -> ChromiumLoad? {
    let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
    let candidates = ["chromium", "chromium-browser", "google-chrome"].flatMap { name in
      path.map { "\($0)/\(name)" }
    }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }.map(ChromiumLoad.init)
  }

  /// Seconds: the page opened, a blank page opened, the page's load event.
  func measure(_ page: URL, in folder: URL) throws -> (open: Double, blank: Double, loadEvent: Double) {
    let html = try String(contentsOf: page, encoding: .utf8)
    guard let head = html.range(of: "<head>") else { throw BenchError("\(page.path): no <head>") }
    let probe =
      "<script>addEventListener('load',function(){document.body.getBoundingClientRect();"
      + "document.documentElement.setAttribute('data-load-ms',String(Math.round(performance.now())));});</script>"
    let probed = folder.appendingPathComponent("probed-" + page.lastPathComponent)
    try html.replacingCharacters(in: head, with: "<head>" + probe).write(
      to: probed, atomically: true, encoding: .utf8)
    let blank = folder.appendingPathComponent("blank.html")
    try "<!DOCTYPE html><html><head><title>blank</title></head><body></body></html>".write(
      to: blank, atomically: true, encoding: .utf8)
    var opens: [Double] = []
    var blanks: [Double] = []
    var loads: [Double] = []
    for round in 0..<3 {
      blanks.append(try open(blank, in: folder, round: round).seconds)
      opens.append(try open(page, in: folder, round: round).seconds)
      let dom = try open(probed, in: folder, round: round).dom
      guard let milliseconds = Self.loadMilliseconds(dom) else {
        throw BenchError("Chromium's DOM of \(probed.path) has no data-load-ms: the load event never came")
      }
      loads.append(milliseconds / 1000)
    }
    return (TimelineBench.median(opens), TimelineBench.median(blanks), TimelineBench.median(loads))
  }

  /// One launch: `--dump-dom` of the page; wall seconds from start to exit, and the DOM.
  private func open(_ page: URL, in folder: URL, round: Int) throws -> (seconds: Double, dom: String) {
    let output = folder.appendingPathComponent("dom-\(round).html")
    let errors = folder.appendingPathComponent("chromium-\(round).log")
    for file in [output, errors] where !FileManager.default.createFile(atPath: file.path, contents: nil) {
      throw BenchError("cannot write \(file.path)")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = [
      "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
      "--user-data-dir=\(folder.appendingPathComponent("profile-\(round)").path)", "--window-size=1280,800",
      "--dump-dom", page.absoluteString,
    ]
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = try FileHandle(forWritingTo: output)
    process.standardError = try FileHandle(forWritingTo: errors)
    let start = monotonicSeconds()
    try process.run()
    while process.isRunning {
      if monotonicSeconds() - start > 120 {
        process.terminate()
        process.waitUntilExit()
        throw BenchError("Chromium did not finish opening \(page.path) within 120 s")
      }
      usleep(5_000)
    }
    let seconds = monotonicSeconds() - start
    guard process.terminationStatus == 0 else {
      let log = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
      throw BenchError("Chromium exited with \(process.terminationStatus): \(log.suffix(1000))")
    }
    return (seconds, (try? String(contentsOf: output, encoding: .utf8)) ?? "")
  }

  /// `data-load-ms` of the dumped DOM's `<html>`.
  static func loadMilliseconds(_ dom: String) -> Double? {
    guard let attribute = dom.range(of: "data-load-ms=\"") else { return nil }
    let digits = dom[attribute.upperBound...].prefix { $0.isNumber }
    return Double(digits)
  }
}

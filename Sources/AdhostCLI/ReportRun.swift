import AdCheck
import AdPlayer
import Foundation
import PlayerSeam
import PluginHost
import RunReport

/// `adhost run --report FILE.html`: keeps the run's log as it is written in a `ReportSpool` (a
/// temporary file: a record per entry, no report work inside the plugins' calls, so a run's
/// outcome does not depend on `--report`), and builds the page from it when it is written — at
/// the end, or of what had played when a signal interrupts the run (`page`: the page of the log
/// so far). Used by the run's thread while it plays, then by the command once it is over, and
/// by a signal's thread: under a lock.
// why: it holds the run's PluginHost (not Sendable), read under `lock` on the run's thread only.
final class ReportRun: @unchecked Sendable {
  static let report = CommandOption(
    "--report", value: "FILE.html",
    help: """
      also write an HTML report of the run: its timeline (content time,
      breaks, ads, beacons, actions, errors) and a table of the events and
      beacons (the first and last 1000); one self-contained file
      (docs/report.md)
      """)

  let path: String
  private let spool: ReportSpool
  private var host: PluginHost?
  private var violations: [RuleViolation] = []
  // why: a Mutex cannot take the host in (not Sendable); this lock guards it and the fields around.
  private let lock = NSLock()
  /// Whether the page is written: nothing is added after, and it is not written twice.
  private var written = false

  /// A report to write to `path`; throws when its temporary file cannot be made.
  init(path: String) throws {
    self.path = path
    do {
      spool = try ReportSpool()
    } catch {
      throw UsageError("\(Self.report.name) \(path): \(error)")
    }
  }

  /// The report's path from the command line, nil without `--report`.
  static func path(_ parsed: ParsedArguments) throws -> String? {
    guard let path = parsed.value(report) else { return nil }
    guard !path.isEmpty else { throw report.error("expected the path of an HTML file to write") }
    return path
  }

  /// The host whose player gives each entry's content time.
  func attach(_ host: PluginHost) { lock.withLock { self.host = host } }

  /// Adds one more entry of the run's log (a record of the spool: no report work yet).
  func observe(_ entry: LogEntry) {
    let contentTime: Double? = lock.withLock {
      guard !written else { return nil }
      return host?.player.currentTime ?? 0
    }
    guard let contentTime else { return }
    spool.append(ReportEntry(entry, contentTime: contentTime))
  }

  /// A word as a shell would need it: in single quotes when it holds more than plain signs.
  static func quoted(_ word: String) -> String {
    let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,+@%")
    if !word.isEmpty && word.allSatisfy(plain.contains) { return word }
    return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  /// The strict rules the run broke, shown as failed checks.
  func add(_ violations: [RuleViolation]) { lock.withLock { self.violations += violations } }

  /// Writes the page for a run of `plugin` on `source`, given `arguments` (after `run`), that
  /// exits with `exit`; an error names the file.
  func write(plugin: String, source: String, arguments: [String], exit: Int32) throws {
    let verdict = ReportVerdict(passed: exit == ExitCode.success, text: "adhost run exited with \(exit)")
    try write(plugin: plugin, source: source, arguments: arguments, verdict: verdict)
  }

  /// Writes the page of what had played when `signal` ("SIGINT") interrupted the run, unless the
  /// page of the whole run is written already; an error names the file.
  func writeInterrupted(plugin: String, source: String, arguments: [String], signal: String) throws {
    let verdict = ReportVerdict(
      passed: false, text: "adhost run interrupted by \(signal): the report shows what had played")
    try write(plugin: plugin, source: source, arguments: arguments, verdict: verdict)
  }

  /// The page of the log so far, for a run of `plugin` on `source` given `arguments`: the
  /// timeline is built now, from the spool.
  func page(plugin: String, source: String, arguments: [String], verdict: ReportVerdict) throws -> String {
    var timeline = RunTimeline()
    do {
      try spool.forEach { timeline.add($0) }
    } catch {
      throw UsageError("cannot write the report \(path): \(error)")
    }
    timeline.finish()
    let violations = lock.withLock { self.violations }
    let marks = violations.map { ReportMark(time: $0.time, label: $0.rule.id, message: $0.message) }
    let page = ReportPage(
      title: "\(plugin) · \(source)",
      subtitle: (["adhost", "run"] + arguments).map(Self.quoted).joined(separator: " "), verdict: verdict,
      timeline: timeline, marks: marks)
    return RunReport.html(page)
  }

  private func write(plugin: String, source: String, arguments: [String], verdict: ReportVerdict) throws {
    let first = lock.withLock {
      defer { written = true }
      host = nil
      return !written
    }
    guard first else { return }
    let html = try page(plugin: plugin, source: source, arguments: arguments, verdict: verdict)
    do {
      try UserFile.write(html, to: path)
    } catch {
      throw UsageError("cannot write the report \(path): \(WritePath.reason(file: path, error))")
    }
  }
}

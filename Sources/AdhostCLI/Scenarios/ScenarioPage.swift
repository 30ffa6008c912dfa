import AdCheck
import Foundation
import RunReport

/// `adhost test --report DIR`: a page per scenario, named after its path, and the index.
enum ScenarioPage {
  /// The page of a scenario's run (an empty timeline when the scenario could not be read).
  /// Its subtitle names the tracking vocabulary in force.
  static func html(
    file: String, scenario: Scenario?, run: ScenarioRun?, failures: [TestFailure],
    tracking: TrackingDeclarations?
  ) -> String {
    let timeline = RunTimeline(
      run?.entries.map { ReportEntry($0.entry, contentTime: $0.contentTime) } ?? [])
    let verdict = ReportVerdict(
      passed: failures.isEmpty,
      text: failures.isEmpty
        ? "every expectation met"
        : "\(failures.count) expectation\(failures.count == 1 ? "" : "s") not met")
    let subtitle =
      (scenario.map { "adhost test: \($0.pluginPath) · \($0.sourcePath)" } ?? "adhost test")
      + (tracking.map { " · tracking vocabulary: \($0)" } ?? "")
    let marks = failures.map {
      ReportMark(time: $0.time, label: $0.expectation, message: $0.message, entries: $0.entries)
    }
    return RunReport.html(
      ReportPage(title: file, subtitle: subtitle, verdict: verdict, timeline: timeline, marks: marks))
  }

  /// A file name for a scenario's page: its path with `/` and other signs as `-`, without
  /// `.scenario.json`; a name taken already gets a number.
  static func names(_ files: [String]) -> [String] {
    var taken = Set<String>()
    return files.map { file in
      var stem =
        file.hasSuffix(ScenarioDiscovery.suffix)
        ? String(file.dropLast(ScenarioDiscovery.suffix.count)) : file
      while stem.hasPrefix("./") || stem.hasPrefix("../") {
        stem = String(stem.drop { $0 == "." }.dropFirst())
      }
      let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
      var name = String(String(stem.map { allowed.contains($0) ? $0 : "-" }).drop { $0 == "-" })
      if name.isEmpty || name == "index" { name = "scenario" }
      var candidate = name + ".html"
      var number = 2
      while !taken.insert(candidate).inserted {
        candidate = "\(name)-\(number).html"
        number += 1
      }
      return candidate
    }
  }

  /// Writes each result's page and `index.html` into `folder` (made if missing).
  static func write(_ results: [ScenarioResult], to folder: String) throws {
    let url = URL(fileURLWithPath: folder, isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    let names = names(results.map(\.file))
    var entries: [ReportIndexEntry] = []
    for (result, name) in zip(results, names) {
      try (result.page ?? "").write(to: url.appendingPathComponent(name), atomically: true, encoding: .utf8)
      entries.append(
        ReportIndexEntry(
          title: result.file, href: name, passed: result.passed,
          detail: result.failures.first.map(\.description) ?? ""))
    }
    try RunReport.index(entries).write(
      to: url.appendingPathComponent("index.html"), atomically: true, encoding: .utf8)
  }
}

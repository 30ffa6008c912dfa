import Foundation
import HTTPKit
import PlayerSeam

/// `snapshot`: the run's JSON Lines log, normalised, against a golden file; `--update` writes
/// the golden file instead. Normalised: the values of ignored query parameters (cache busters)
/// become `*`, ISO 8601 dates and times `[DATE]`; `timeupdate` and `request` entries are left
/// out unless asked.
struct SnapshotCheck {
  let run: ScenarioRun
  /// The query parameters whose values are volatile: the default cache busters and the scenario's.
  let ignoredParameters: Set<String>

  static let datePattern =
    #"\d{4}-\d{2}-\d{2}T\d{2}(:|%3A)\d{2}(:|%3A)\d{2}(\.\d+)?(Z|[+-]\d{2}(:|%3A)?\d{2})?"#

  /// The normalised log text.
  func text(_ snapshot: SnapshotExpectation) -> String {
    let names = ignoredParameters.sorted().map(NSRegularExpression.escapedPattern).joined(separator: "|")
    let parameters = try? NSRegularExpression(pattern: "([?&](?i:\(names))=)[^&\"#\\s]*")
    let dates = try? NSRegularExpression(pattern: Self.datePattern)
    let kept = run.log.filter {
      (snapshot.timeUpdates || $0.kind != .timeupdate) && (snapshot.requests || $0.kind != .request)
    }
    return kept.map { entry in
      var line = entry.jsonLine
      if let parameters { line = Self.replace(parameters, in: line, with: "$1*") }
      if let dates { line = Self.replace(dates, in: line, with: "[DATE]") }
      return line + "\n"
    }.joined()
  }

  private static func replace(_ pattern: NSRegularExpression, in text: String, with template: String)
    -> String
  {
    pattern.stringByReplacingMatches(
      in: text, range: NSRange(text.startIndex..., in: text), withTemplate: template)
  }

  /// Compares with the golden file, or writes it when `update`; a failure, or nil.
  func check(_ snapshot: SnapshotExpectation, update: Bool) -> (failure: TestFailure?, updated: Bool) {
    let actual = text(snapshot)
    if let other = WritePath.notRegular(snapshot.file) {
      let message =
        "\(snapshot.file): \(other) (a golden file is a regular file; adhost test --update writes one)"
      return (TestFailure(expectation: "snapshot", message: message), false)
    }
    let golden = FileManager.default.contents(atPath: snapshot.file).flatMap {
      String(data: $0, encoding: .utf8)
    }
    if golden == actual { return (nil, false) }
    if update {
      do {
        try Data(actual.utf8).write(to: URL(fileURLWithPath: snapshot.file), options: .atomic)
        return (nil, true)
      } catch {
        return (
          TestFailure(
            expectation: "snapshot",
            message: "cannot write \(snapshot.file): \(WritePath.reason(file: snapshot.file, error))"), false
        )
      }
    }
    guard let golden else {
      let message =
        WritePath.kind(snapshot.file) == nil
        ? "no golden file \(snapshot.file) (adhost test --update writes it)"
        : "the golden file \(snapshot.file) cannot be read as UTF-8 text"
      return (TestFailure(expectation: "snapshot", message: message), false)
    }
    return (
      TestFailure(expectation: "snapshot", message: Self.difference(golden, actual, snapshot.file)), false
    )
  }

  /// The first line that differs, expected against actual.
  static func difference(_ golden: String, _ actual: String, _ file: String) -> String {
    let expected = golden.split(separator: "\n", omittingEmptySubsequences: false)
    let got = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let line =
      (0..<min(expected.count, got.count)).first { expected[$0] != got[$0] } ?? min(expected.count, got.count)
    let want = line < expected.count ? String(expected[line]) : "(end of file)"
    let have = line < got.count ? String(got[line]) : "(end of log)"
    return "the log differs from \(file) at line \(line + 1): expected \(want), got \(have)"
  }
}

import Foundation
import PlayerSeam

/// `exit` and `errors` against a run: its exit code, and its `aderror`s, of which none may happen
/// unless expected.
struct OutcomeCheck {
  let run: ScenarioRun

  func failures(_ expectations: Expectations) -> [TestFailure] {
    (exit(expectations.exit).map { [$0] } ?? []) + errors(expectations.errors)
  }

  private func exit(_ expected: Int32) -> TestFailure? {
    guard run.exit != expected else { return nil }
    var message = "expected exit code \(expected), got \(run.exit)"
    if let last = run.log.last { message += " (the run stopped at \(Describe.seconds(last.time)))" }
    if let why = reason { message += ": \(why)" }
    return TestFailure(expectation: "exit", message: message)
  }

  /// Why the run ended as it did: what `adhost run` said last, with the indented lines that
  /// follow it (the requests a recording did not answer).
  private var reason: String? {
    let lines = run.diagnostics.split(separator: "\n")
    guard let index = lines.lastIndex(where: { $0.hasPrefix("adhost run:") }) ?? lines.indices.last else {
      return nil
    }
    let said = lines[index].hasPrefix("adhost run: ") ? lines[index].dropFirst(12) : lines[index]
    let details = lines[(index + 1)...].prefix { $0.hasPrefix("  ") }.map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    return ([String(said)] + details).joined(separator: " ")
  }

  private func errors(_ expectations: [ErrorExpectation]) -> [TestFailure] {
    let errors = run.log.indices.filter { run.log[$0].kind == .aderror }
    var expected: Set<Int> = []
    var failures: [TestFailure] = []
    for expectation in expectations {
      let found = errors.filter { matches(expectation, run.log[$0]) }
      expected.formUnion(found)
      guard found.count != expectation.count else { continue }
      var what = "aderror"
      if let message = expectation.message { what += " \"\(message)\"" }
      if let ad = expectation.ad { what += " ad \(ad)" }
      let got =
        found.isEmpty
        ? "none" : "\(found.count): " + found.map { Describe.entry(run.log[$0]) }.joined(separator: "; ")
      failures.append(
        TestFailure(
          expectation: expectation.path, message: "expected \(expectation.count) \(what), got \(got)"))
    }
    if let unexpected = errors.first(where: { !expected.contains($0) }) {
      failures.append(
        TestFailure(
          expectation: "errors",
          message: "unexpected \(Describe.entry(run.log[unexpected], breakOffset: breakOffset(unexpected)))"))
    }
    return failures
  }

  private func matches(_ expectation: ErrorExpectation, _ entry: LogEntry) -> Bool {
    if let ad = expectation.ad, entry.adId != ad { return false }
    guard let message = expectation.message else { return true }
    return message.matches(entry.fields["message"]?.stringValue ?? "")
  }

  private func breakOffset(_ index: Int) -> Double? { AdBreakIndex(run.log).offset(at: index) }

  /// The messages of the `aderror`s the scenario expects (for the strict checks).
  func expectedErrorMessages(_ expectations: [ErrorExpectation]) -> [String] {
    run.log.filter { entry in
      entry.kind == .aderror && expectations.contains { matches($0, entry) }
    }.compactMap { $0.fields["message"]?.stringValue }
  }
}

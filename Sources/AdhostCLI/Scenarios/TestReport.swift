import AdCheck
import AdPlayer
import OutsideText

/// What `adhost test` prints: a line per scenario and the counts, as text or JSON Lines.
struct TestReport: Sendable {
  let console: Console
  let json: Bool

  /// A scenario's line, sent at once (a CI log shows each as it comes; a signal loses none).
  func print(_ result: ScenarioResult) {
    defer { console.flush() }
    if json {
      console.print(Self.json(result).jsonText)
      return
    }
    let updated = result.snapshotUpdated ? " (snapshot updated)" : ""
    if let failure = result.failures.first {
      let more = result.failures.count > 1 ? " (+\(result.failures.count - 1) more)" : ""
      console.print(
        "\(console.styled("FAIL", "31")) \(result.file): \(TerminalEscape.line("\(failure)"))\(more)")
    } else {
      console.print("\(console.styled("PASS", "32")) \(result.file)\(updated)")
    }
    if let tracking = Self.declaredTracking(result) {
      console.print("  tracking vocabulary: \(TerminalEscape.line("\(tracking)"))")
    }
  }

  /// The vocabulary of a result when something was declared or narrowed (else it is VAST's own,
  /// and the text and JUnit forms leave it out; the JSON form always has it).
  static func declaredTracking(_ result: ScenarioResult) -> TrackingDeclarations? {
    guard let tracking = result.tracking, !tracking.isDefault else { return nil }
    return tracking
  }

  /// The line of a scenario a signal stopped before it finished.
  func printInterrupted(_ file: String) {
    if json {
      let object = JSONObject([
        ("file", .string(file)), ("passed", .bool(false)), ("interrupted", .bool(true)),
        ("failures", .array([])),
        ("snapshotUpdated", .bool(false)),
      ])
      console.print(JSONValue.object(object).jsonText)
    } else {
      console.print("\(console.styled("INTERRUPTED", "33")) \(file)")
    }
  }

  /// The counts; `unfinished` (scenarios a signal stopped) only when there are any.
  func summary(_ results: [ScenarioResult], unfinished: Int = 0) {
    let passed = results.filter(\.passed).count
    if json {
      var counts = JSONObject([
        ("passed", .number(Double(passed))), ("failed", .number(Double(results.count - passed))),
      ])
      if unfinished > 0 { counts["interrupted"] = .number(Double(unfinished)) }
      console.print(JSONValue.object(counts).jsonText)
    } else {
      let interrupted = unfinished > 0 ? ", \(unfinished) interrupted" : ""
      console.print("\(passed) passed, \(results.count - passed) failed\(interrupted)")
    }
    console.flush()
  }

  /// `{"file":…,"passed":…,"failures":[{"expectation":…,"message":…}],"snapshotUpdated":…,
  /// "tracking":{"impressionEvents":[…],"harmlessAnswers":[…],"declaredBy":[…],"narrowed":…}}`
  /// (`tracking` unless the scenario could not be read).
  static func json(_ result: ScenarioResult) -> JSONValue {
    let failures = result.failures.map { failure in
      JSONValue.object(
        JSONObject([("expectation", .string(failure.expectation)), ("message", .string(failure.message))]))
    }
    var object = JSONObject([
      ("file", .string(result.file)), ("passed", .bool(result.passed)), ("failures", .array(failures)),
      ("snapshotUpdated", .bool(result.snapshotUpdated)),
    ])
    if let tracking = result.tracking { object["tracking"] = tracking.json }
    return .object(object)
  }
}

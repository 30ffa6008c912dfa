import AdPlayer
import OutsideText

/// What `adhost test` prints: a line per scenario and the counts, as text or JSON Lines.
struct TestReport: Sendable {
  let console: Console
  let json: Bool

  func print(_ result: ScenarioResult) {
    if json {
      console.print(Self.json(result).jsonText)
      return
    }
    let updated = result.snapshotUpdated ? " (snapshot updated)" : ""
    guard let failure = result.failures.first else {
      console.print("\(console.styled("PASS", "32")) \(result.file)\(updated)")
      return
    }
    let more = result.failures.count > 1 ? " (+\(result.failures.count - 1) more)" : ""
    console.print(
      "\(console.styled("FAIL", "31")) \(result.file): \(TerminalEscape.line("\(failure)"))\(more)")
  }

  func summary(_ results: [ScenarioResult]) {
    let passed = results.filter(\.passed).count
    if json {
      let counts = JSONObject([
        ("passed", .number(Double(passed))), ("failed", .number(Double(results.count - passed))),
      ])
      console.print(JSONValue.object(counts).jsonText)
    } else {
      console.print("\(passed) passed, \(results.count - passed) failed")
    }
    console.flush()
  }

  /// `{"file":…,"passed":…,"failures":[{"expectation":…,"message":…}],"snapshotUpdated":…}`.
  static func json(_ result: ScenarioResult) -> JSONValue {
    let failures = result.failures.map { failure in
      JSONValue.object(
        JSONObject([("expectation", .string(failure.expectation)), ("message", .string(failure.message))]))
    }
    return .object(
      JSONObject([
        ("file", .string(result.file)), ("passed", .bool(result.passed)), ("failures", .array(failures)),
        ("snapshotUpdated", .bool(result.snapshotUpdated)),
      ]))
  }
}

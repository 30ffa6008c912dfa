import AdCheck
import OutsideText
import PlayerSeam
import VASTRules

/// `adhost run --strict`: the strict checks over the run's log as it is written, and their
/// report at the end.
final class StrictRun {
  static let strict = CommandOption(
    "--strict",
    help: """
      check the run against the strict SSAI and IAB tracking rules
      (docs/testing.md): print each violation with its severity,
      exit 1 on one at or above --fail-on
      """)
  static let expectError = CommandOption(
    "--expect-error", value: "TEXT",
    help: """
      with --strict: an aderror whose message contains TEXT is expected
      (repeatable)
      """)
  static let progressStep = CommandOption(
    "--progress-step", value: "S",
    help: "with --strict: how far a quartile may be from its time (default 0.25)")
  static let config = RuleSettings.configOption(
    help: """
      with --strict: the rule settings adhost check reads (docs/check.md):
      {"rules": {"quartile-time": "off", "beacon-https": "error"}}
      """)
  static let failOn = RuleSettings.failOn.helping(
    """
    with --strict: exit 1 on a violation of this severity or worse:
    error (default), warning, info
    """)
  static let sarif = CommandOption(
    "--sarif", value: "FILE", help: "with --strict: also write the violations as a SARIF 2.1.0 log")

  /// The strict options, in `--help` order.
  static let all = [strict, expectError, progressStep, config, failOn, sarif]

  /// What `--strict` and its options ask for.
  struct Settings {
    var options = StrictOptions()
    /// The least severity that fails the run.
    var failOn = Severity.error
    /// `--sarif FILE`.
    var sarif: String?
  }

  private let checker: StrictChecker?
  private let settings: Settings?
  /// The violations, once reported.
  private(set) var violations: [RuleViolation] = []

  /// Checks with `settings`, or none when nil.
  init(_ settings: Settings?) {
    self.settings = settings
    checker = settings.map { StrictChecker(options: $0.options) }
  }

  /// The checks' settings from the command line; nil without `--strict`.
  static func settings(_ parsed: ParsedArguments) throws -> Settings? {
    guard parsed.has(strict) else {
      for option in [expectError, progressStep, config, failOn, sarif] where parsed.value(option) != nil {
        throw UsageError("\(option.name) needs \(strict.name)")
      }
      return nil
    }
    var settings = Settings(failOn: try RuleSettings.threshold(parsed), sarif: parsed.value(sarif))
    settings.options = StrictOptions(expectedErrors: parsed.values(expectError))
    if let step = try parsed.number(progressStep) {
      guard step >= 0 else { throw progressStep.error("expected a number of seconds, 0 or more") }
      settings.options.progressStep = step
    }
    settings.options.config = try RuleSettings.configuration(parsed, config)
    return settings
  }

  /// Checks one more entry of the run's log.
  func observe(_ entry: LogEntry) { checker?.observe(entry) }

  /// Prints the violations (JSON Lines of type `violation` with `json`, else `strict  SEVERITY
  /// rule at …`) and a count on standard error; returns whether the run broke a rule at or above
  /// `--fail-on`.
  func report(to console: Console, json: Bool) -> Bool {
    guard let checker, let settings else { return false }
    violations = checker.finish()
    for violation in violations {
      if json {
        console.print(violation.jsonLine)
      } else {
        let label = console.colours ? console.styled("strict", "31") : "strict"
        console.print("\(label)  \(violation.severity.rawValue)  \(TerminalEscape.line("\(violation)"))")
      }
    }
    let failing = violations.filter { $0.severity >= settings.failOn }
    guard !violations.isEmpty else { return false }
    let rules = Set(violations.map(\.rule.id)).sorted().joined(separator: ", ")
    let counts = Severity.allCases.reversed().compactMap { severity in
      let count = violations.count { $0.severity == severity }
      return count == 0 ? nil : "\(count) \(severity.rawValue)"
    }
    console.printError(
      "adhost run: --strict: \(violations.count) violation(s) of \(rules) (\(counts.joined(separator: ", ")))"
    )
    return !failing.isEmpty
  }

  /// Writes the violations as a SARIF log when `--sarif` asks for one; returns the error
  /// message when it could not be saved.
  func writeSARIF(plugin: String, source: String) -> String? {
    guard let path = settings?.sarif else { return nil }
    let findings = violations.map { StrictFindings.finding($0, plugin: plugin, source: source) }
    do {
      try UserFile.write(SARIFReport.log(findings, tool: "adhost run").jsonText + "\n", to: path)
      return nil
    } catch {
      return "adhost run: --sarif \(path): \(error)"
    }
  }
}

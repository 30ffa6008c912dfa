import AdCheck
import OutsideText
import PlayerSeam

/// `adhost run --strict`: the strict checks over the run's log as it is written, and their
/// report at the end.
final class StrictRun {
  static let strict = CommandOption(
    "--strict",
    help: """
      check the run against the strict SSAI and IAB tracking rules
      (docs/testing.md): print each violation, exit 1 on any
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

  /// The strict options, in `--help` order.
  static let all = [strict, expectError, progressStep]

  private let checker: StrictChecker?
  /// The violations, once reported.
  private(set) var violations: [RuleViolation] = []

  /// Checks with `options`, or none when nil.
  init(_ options: StrictOptions?) { checker = options.map { StrictChecker(options: $0) } }

  /// The checks' options from the command line; nil without `--strict`.
  static func options(_ parsed: ParsedArguments) throws -> StrictOptions? {
    guard parsed.has(strict) else {
      for option in [expectError, progressStep] where parsed.value(option) != nil {
        throw UsageError("\(option.name) needs \(strict.name)")
      }
      return nil
    }
    var options = StrictOptions(expectedErrors: parsed.values(expectError))
    if let step = try parsed.number(progressStep) {
      guard step >= 0 else { throw progressStep.error("expected a number of seconds, 0 or more") }
      options.progressStep = step
    }
    return options
  }

  /// Checks one more entry of the run's log.
  func observe(_ entry: LogEntry) { checker?.observe(entry) }

  /// Prints the violations (JSON Lines of type `violation` with `json`) and a count on standard
  /// error; returns whether the run broke a rule.
  func report(to console: Console, json: Bool) -> Bool {
    guard let checker else { return false }
    violations = checker.finish()
    for violation in violations {
      if json {
        console.print(violation.jsonLine)
      } else {
        let label = console.colours ? console.styled("strict", "31") : "strict"
        console.print("\(label)  \(TerminalEscape.line("\(violation)"))")
      }
    }
    guard !violations.isEmpty else { return false }
    let rules = Set(violations.map(\.rule.id)).sorted().joined(separator: ", ")
    console.printError("adhost run: --strict: \(violations.count) violation(s) of \(rules)")
    return true
  }
}

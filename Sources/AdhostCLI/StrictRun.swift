import AdCheck
import AdPlayer
import OutsideText

/// `adhost run --strict`: the strict checks over the run's log as it is written, and their
/// report at the end.
final class StrictRun {
  static let flags: Set<String> = ["--strict"]
  static let options: Set<String> = ["--expect-error", "--progress-step"]
  static let help = """
      --strict            check the run against the strict SSAI and IAB tracking rules
                          (docs/testing.md): print each violation, exit 1 on any
      --expect-error TEXT with --strict: an aderror whose message contains TEXT is expected
                          (repeatable)
      --progress-step S   with --strict: how far a quartile may be from its time (default 0.25)
    """

  private let checker: StrictChecker?
  /// The violations, once reported.
  private(set) var violations: [RuleViolation] = []

  /// Checks with `options`, or none when nil.
  init(_ options: StrictOptions?) { checker = options.map { StrictChecker(options: $0) } }

  /// The checks' options from the command line; nil without `--strict`.
  static func options(_ parsed: ParsedArguments) throws -> StrictOptions? {
    guard parsed.has("--strict") else {
      for option in Self.options where parsed.value(option) != nil {
        throw UsageError("\(option) needs --strict")
      }
      return nil
    }
    var options = StrictOptions(expectedErrors: parsed.options["--expect-error"] ?? [])
    if let step = try parsed.number("--progress-step") {
      guard step >= 0 else { throw UsageError("--progress-step: expected a number of seconds, 0 or more") }
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

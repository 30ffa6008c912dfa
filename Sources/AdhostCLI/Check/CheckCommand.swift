import Foundation
import HTTPKit
import OutsideText
import VASTRules

/// `adhost check`: judge VAST and VMAP documents by the rule catalogue.
public enum CheckCommand: Command {
  /// `check`.
  public static let name = "check"
  /// The line for `adhost --help`.
  public static let summary = "check VAST/VMAP documents against the rule catalogue (text, JSON, SARIF)"
  /// The `--help` text.
  public static let help = """
    Usage: adhost check <file|dir|glob|url>... [--json] [--sarif FILE] [--config FILE]
                        [--fail-on LEVEL] [--resolve [--max-depth N]] [--allow-http] [--timeout S]
                        [--offline DIR | --record DIR] [--fix [--fix-to PATH]]
           adhost check --rules [--markdown]

    Checks each VAST, VMAP or DAAST document (a file, every *.xml file under a directory, a
    quoted glob, or an https URL) against the rule catalogue (docs/check.md) and prints every finding:
    file:line:column, severity, [rule id] and what is wrong; then a summary line. A VMAP's inline
    VAST documents are checked too. VAST 1.0 is an error (102), as for `adhost vast`. With
    --resolve, the documents wrappers lead to are checked too, each finding naming its chain.
    With --fix, each file's safe repairs are written to a copy (never over the file), the
    changes printed, and the copy checked; it never invents data (docs/check.md).

    Arguments:
      <file|dir|glob|url>  the documents

    Options:
    \(options.help)

    Exit codes: 0 no finding at or above --fail-on (default error); 1 such a finding;
    64 bad usage, an unreadable file or URL, a bad --config; 74 the --sarif log, a --fix copy or
    the --record recording not saved.
    """

  /// Reads the documents, checks them, prints the findings.
  public static func run(_ arguments: [String], console: Console) async throws -> Int32 {
    let parsed = try ParsedArguments(arguments, spec: options.spec)
    if parsed.has(Self.rules) {
      try parsed.expectPositionals(0...0, "no documents with --rules")
      console.print(
        parsed.has(Self.markdown)
          ? RuleCatalogue.markdown : RuleCatalogue.rules.map(\.line).joined(separator: "\n"))
      return ExitCode.success
    }
    try parsed.expectPositionals(1...Int.max, "at least one file, directory or URL")
    let failOn = try RuleSettings.threshold(parsed)
    let checker = DocumentChecker(config: try RuleSettings.configuration(parsed, Self.config))
    let timeout = try parsed.number(Self.timeout) ?? 5
    guard timeout > 0 else { throw Self.timeout.error("must be above 0") }
    let maxDepth = try parsed.integer(Self.maxDepth) ?? 5
    guard maxDepth >= 0 else { throw Self.maxDepth.error("must be 0 or more") }
    let resolveDepth = parsed.has(Self.resolve) ? maxDepth : nil
    let fix = try fixing(parsed)
    // A folder checked with --fix twice holds the first run's copies: they are not fixed again.
    let documents = try CheckInputs.expand(parsed.positionals).filter {
      fix == nil || !$0.lowercased().hasSuffix(".fixed.xml")
    }
    if parsed.value(Self.fixTo) != nil, documents.count != 1 {
      throw Self.fixTo.error("names one copy: give one file")
    }
    let transport = try CheckTransport(
      parsed,
      policy: TransportPolicy(allowsArbitraryLoads: parsed.has(Self.allowHTTP), allowsFileURLs: false),
      timeout: timeout)
    let client = transport.client
    var findings: [Finding] = []
    for argument in documents {
      var (document, bytes) = (argument, try await CheckInputs.load(argument, client: client))
      if let fix {
        do {
          (document, bytes) = try fix.apply(argument, bytes, json: parsed.has(Self.json), console: console)
        } catch let problem as FixNotSaved {
          console.printError("adhost check: \(problem)")
          return ExitCode.outputNotSaved
        }
      }
      let found: [Finding]
      if let resolveDepth {
        found = await CheckChain(checker: checker, client: client, maxDepth: resolveDepth).check(
          document, bytes: bytes)
      } else {
        found = checker.check(bytes, source: document)
      }
      findings += found
      for finding in found {
        console.print(parsed.has(Self.json) ? finding.json.jsonText : TerminalEscape.line(finding.textLine))
      }
    }
    let summary = CheckSummary(documents: documents.count, findings: findings)
    if parsed.has(Self.json) { console.printError(summary.line) } else { console.print(summary.line) }
    if let problem = transport.finish() {
      console.printError("adhost check: --record: \(problem)")
      return ExitCode.outputNotSaved
    }
    if let path = parsed.value(Self.sarif) {
      do {
        try UserFile.write(SARIFReport.log(findings).jsonText + "\n", to: path)
      } catch {
        console.printError("adhost check: --sarif \(path): \(error)")
        return ExitCode.outputNotSaved
      }
    }
    return findings.contains { $0.severity >= failOn } ? ExitCode.failure : ExitCode.success
  }

  private static func fixing(_ parsed: ParsedArguments) throws(UsageError) -> CheckFix? {
    guard parsed.has(Self.fix) else {
      if parsed.value(Self.fixTo) != nil { throw Self.fixTo.error("goes with --fix") }
      return nil
    }
    return CheckFix(target: parsed.value(Self.fixTo))
  }
}

/// The counts printed after the findings.
struct CheckSummary {
  let documents: Int
  let findings: [Finding]

  /// `3 documents: 2 errors, 5 warnings, 1 info (1 document with errors)`.
  var line: String {
    let count: (Severity) -> Int = { severity in findings.filter { $0.severity == severity }.count }
    let failing = Set(findings.filter { $0.severity == .error }.map(\.document)).count
    let plural: (Int, String) -> String = { number, word in "\(number) \(word)\(number == 1 ? "" : "s")" }
    return "\(plural(documents, "document")): \(plural(count(.error), "error")), "
      + "\(plural(count(.warning), "warning")), \(count(.info)) info (\(plural(failing, "document")) with errors)"
  }
}

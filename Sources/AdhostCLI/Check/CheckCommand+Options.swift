/// The options of `adhost check`, declared once: the parser, `--help` and the messages derive
/// from these.
extension CheckCommand {
  static let json = CommandOption(
    "--json", help: "one finding a line as JSON (rule, severity, message, file, line, column)")
  static let sarif = CommandOption(
    "--sarif", value: "FILE",
    help: "also write the findings as a SARIF 2.1.0 log (GitHub, GitLab code scanning)")
  static let config = RuleSettings.configOption(
    help: """
      JSON: {"target": "4.2", "rules": {"url-http": "off", "url-not-cdata": "warning"}}
      (per-rule severity or off; the VAST version every document is judged by)
      """)
  static let failOn = RuleSettings.failOn
  static let resolve = CommandOption(
    "--resolve", help: "also check the documents wrappers lead to (VASTAdTagURI, relative to the document)")
  static let maxDepth = CommandOption(
    "--max-depth", value: "N", help: "with --resolve: wrappers followed at most (default 5)")
  static let offline = CommandOption(
    "--offline", value: "DIR", help: "answer URLs from the recording in DIR (adhost run --record); no network"
  )
  static let record = CommandOption(
    "--record", value: "DIR", help: "record every URL fetched into DIR, for --offline later")
  static let fix = CommandOption(
    "--fix",
    help: """
      write each file's fixed copy (NAME.fixed.xml): URLs in CDATA and without
      white space, the version attribute; print the changes, then the copy's findings
      """)
  static let fixTo = CommandOption(
    "--fix-to", value: "PATH", help: "with --fix and one file: the copy's path")
  static let rules = CommandOption("--rules", help: "print the rule catalogue, one rule a line, and exit")
  static let markdown = CommandOption(
    "--markdown", help: "with --rules: the catalogue as docs/check.md's tables")
  static let allowHTTP = CommandOption(
    "--allow-http", help: "fetch plain http:// URLs from any host (else only https and loopback http)")
  static let timeout = CommandOption("--timeout", value: "S", help: "seconds per URL fetched (default 5)")

  /// The options, in `--help` order.
  public static let options = OptionList(
    [
      json, sarif, config, failOn, resolve, maxDepth, offline, record, fix, fixTo, rules, markdown, allowHTTP,
      timeout,
      .help.helping("this text"),
    ], column: 19
  )
}

/// The options of `adhost test` of its own, declared once: the parser, `--help` and the
/// messages derive from these (`TestCommand.options`).
extension TestOptions {
  static let jobs = CommandOption(
    "-j", "--jobs", value: "N",
    help: "scenarios run at once (default: the number of cores)")
  static let filter = CommandOption(
    "--filter", value: "PATTERN",
    help: "only scenarios whose path contains PATTERN (* matches any text)")
  static let shard = CommandOption(
    "--shard", value: "I/N",
    help: """
      only the I-th of N stable parts (1 <= I <= N), for a CI matrix: a
      scenario's part follows from its path under the PATH it was found in
      """)
  static let update = CommandOption(
    "--update",
    help: "write the snapshots' golden files from the runs (nothing else)")
  static let junit = CommandOption(
    "--junit", value: "FILE",
    help: "also write a JUnit XML report to FILE")
  static let json = CommandOption(
    "--json",
    help: "print JSON Lines instead: one object per scenario, then the counts")
  static let report = CommandOption(
    "--report", value: "DIR",
    help: """
      also write an HTML report per scenario into DIR, and DIR/index.html
      with PASS/FAIL and links (docs/report.md)
      """)
  static let allowSetup = CommandOption(
    "--allow-setup",
    help: """
      run the setup commands scenarios name (refused without it: a scenario
      file must not run commands by itself)
      """)
  static let config = RuleSettings.configOption(
    help: """
      rule settings for every scenario's strict checks (the file of adhost
      check --config, docs/check.md): rules "off" add to strict.off
      """)
  static let failOn = RuleSettings.failOn.helping(
    """
    a strict violation of this severity or worse fails a scenario: error
    (default), warning, info
    """)
  static let env = CommandOption(
    "--env", value: "NAME",
    help: "the environment variable NAME is ${NAME} in scenario files (repeatable)")
}

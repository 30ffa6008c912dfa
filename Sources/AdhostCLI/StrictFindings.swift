import AdCheck
import VASTRules

/// A run's violations as the catalogue's findings, for SARIF: each placed in the file it
/// concerns — the VAST document the log names (a request that timed out), the source for the
/// content's segments, the clock and the recording, the plugin (the integration under test)
/// for the rest — at its first line, since a run's log has no line of a file.
enum StrictFindings {
  /// The rules about what the source plays rather than what the integration did.
  static let sourceRules: Set<StrictRule> = [
    .segmentLoaded, .segmentDuration, .segmentTimestamps, .segmentIssue, .offlineAnswered, .timeForward,
  ]

  /// `violation` as a finding in `plugin` or `source`.
  static func finding(_ violation: RuleViolation, plugin: String, source: String) -> Finding {
    Finding(
      rule: violation.rule.id, severity: violation.severity, message: violation.description,
      position: SourcePosition(line: 1, column: 1),
      document: violation.document ?? (sourceRules.contains(violation.rule) ? source : plugin))
  }
}

import VASTKit
import VASTRules

extension VASTCommand {
  /// The `issue:` lines of a document `adhost vast` read: the rule catalogue's findings (the
  /// rules `adhost check` judges by), each with its line, column, rule id and severity.
  static func catalogueIssues(_ bytes: [UInt8], source: String) -> [VASTIssue] {
    DocumentChecker().check(bytes, source: source).map { finding in
      VASTIssue(
        line: finding.position.line, column: finding.position.column, rule: finding.rule,
        severity: finding.severity.rawValue, message: finding.message)
    }
  }
}

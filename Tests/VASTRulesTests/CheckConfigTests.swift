import OutsideText
import Testing

@testable import VASTRules

/// `--config`: severities, rules off, the target version; bad files named by JSON path.
@Suite struct CheckConfigTests {
  private let http = RuleCases.urls.first { $0.rule == "url-http" }?.document ?? ""

  @Test func offAndSeverityApply() throws {
    let off = try CheckConfig(json: #"{"rules": {"url-http": "off"}}"#)
    #expect(
      !DocumentChecker(config: off).check(Array(http.utf8), source: "a").contains { $0.rule == "url-http" })
    let raised = try CheckConfig(json: #"{"rules": {"url-http": "error"}}"#)
    let findings = DocumentChecker(config: raised).check(Array(http.utf8), source: "a")
    #expect(findings.first { $0.rule == "url-http" }?.severity == .error)
  }

  @Test func targetVersionJudgesTheDocument() throws {
    let config = try CheckConfig(json: #"{"target": "3.0"}"#)
    let findings = DocumentChecker(config: config).check(Array(CleanDocuments.inline.utf8), source: "a")
    #expect(findings.contains { $0.rule == "element-version" })
  }

  @Test(arguments: [
    (#"{"rules": {"no-such-rule": "off"}}"#, "rules.no-such-rule"),
    (#"{"rules": {"url-http": "loud"}}"#, "rules.url-http"),
    (#"{"target": "9.9"}"#, "target"),
    (#"{"severity": {}}"#, "severity"),
  ])
  func badConfigurationsNameThePath(_ text: String, _ path: String) {
    #expect(throws: JSONPathError.self) { try CheckConfig(json: text) }
    do {
      _ = try CheckConfig(json: text)
    } catch {
      #expect(error.path == path)
    }
  }
}

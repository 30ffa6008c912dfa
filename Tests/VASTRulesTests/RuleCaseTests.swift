import Testing

@testable import VASTRules

/// Each rule of the document catalogue fires on its own case, and the clean documents its cases
/// are made from give no finding at all.
@Suite struct RuleCaseTests {
  private let checker = DocumentChecker()

  @Test(arguments: [CleanDocuments.inline, CleanDocuments.wrapper, CleanDocuments.vmap])
  func cleanDocumentsGiveNoFinding(_ document: String) {
    let findings = checker.check(Array(document.utf8), source: "clean.xml")
    #expect(findings.isEmpty, "\(findings.map(\.textLine).joined(separator: "\n"))")
  }

  /// The 4.4 draft and DAAST documents give only the warning their kind always gives.
  @Test(arguments: [(CleanDocuments.ctv, "vast-version-newer"), (CleanDocuments.daast, "daast-superseded")])
  func draftAndDAASTDocumentsGiveOnlyTheirKindsWarning(_ document: String, _ rule: String) {
    let findings = checker.check(Array(document.utf8), source: "clean.xml")
    #expect(findings.map(\.rule) == [rule], "\(findings.map(\.textLine).joined(separator: "\n"))")
  }

  @Test(arguments: RuleCases.all)
  func ruleFiresOnItsCase(_ ruleCase: RuleCase) throws {
    let document = try #require(
      ruleCase.document, "an edit of \(ruleCase.rule)'s case finds nothing to replace")
    let findings = checker.check(Array(document.utf8), source: "case.xml")
    #expect(findings.contains { $0.rule == ruleCase.rule }, "found: \(findings.map(\.textLine))")
    let rule = try #require(RuleCatalogue.rule(ruleCase.rule))
    for finding in findings where finding.rule == ruleCase.rule {
      #expect(finding.severity == rule.severity)
      #expect(finding.position.line >= 1 && finding.position.column >= 1)
    }
  }

  @Test func everyDocumentRuleHasACase() {
    let cased = Set(RuleCases.all.map(\.rule))
    // The chain rules are tested by `adhost check --resolve` (CheckResolveTests), the run rules by AdCheckTests.
    let rules = RuleCatalogue.rules.filter { $0.area != .run && $0.area != .chain }.map(\.id)
    #expect(rules.filter { !cased.contains($0) } == [])
    #expect(RuleCases.all.count == cased.count, "a rule has two cases")
  }
}

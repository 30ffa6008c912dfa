import AdCheck
import Testing

@testable import VASTRules

/// The catalogue itself: unique ids, the strict rules' ids kept, every area present.
@Suite struct RuleCatalogueTests {
  @Test func idsAreUniqueAndKebabCase() {
    let ids = RuleCatalogue.rules.map(\.id)
    #expect(Set(ids).count == ids.count)
    for id in ids {
      #expect(id.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" }, "\(id)")
    }
  }

  @Test func everyStrictRuleIsARunRuleOfTheCatalogue() {
    for strict in StrictRule.allCases {
      #expect(RuleCatalogue.rule(strict.id)?.area == .run, "\(strict.id)")
    }
    #expect(RuleCatalogue.rules.filter { $0.area == .run }.count == StrictRule.allCases.count)
  }

  @Test func everyAreaHasRulesAndEveryRuleASpec() {
    for area in RuleArea.allCases {
      #expect(RuleCatalogue.rules.contains { $0.area == area }, "\(area)")
    }
    for rule in RuleCatalogue.rules {
      #expect(!rule.statement.isEmpty && !rule.spec.isEmpty, "\(rule.id)")
    }
  }

  @Test func positionsPointAtTheElementAndAttribute() throws {
    let document = "<VAST version=\"4.2\">\n  <Ad id=\"1\"\n      adType=\"movie\"><InLine/></Ad>\n</VAST>"
    let findings = DocumentChecker().check(Array(document.utf8), source: "d.xml")
    let adType = try #require(findings.first { $0.rule == "ad-type-value" })
    #expect(adType.position == SourcePosition(line: 3, column: 7))
    let missing = try #require(findings.first { $0.rule == "inline-adsystem-missing" })
    #expect(missing.position == SourcePosition(line: 3, column: 22))
  }
}

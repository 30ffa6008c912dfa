import Foundation
import TestFiles
import Testing

@testable import VASTRules

/// docs/check.md's catalogue is `adhost check --rules --markdown`'s output.
@Suite struct CheckDocTests {
  @Test func docsCheckHoldsTheCatalogue() throws {
    let doc = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/check.md"), encoding: .utf8)
    #expect(doc.contains(RuleCatalogue.markdown), "regenerate: adhost check --rules --markdown")
  }
}

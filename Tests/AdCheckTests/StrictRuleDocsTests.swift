import AdCheck
import Foundation
import Testing

/// docs/testing.md's table of strict rules has a row for every rule the checker has.
@Suite struct StrictRuleDocsTests {
  @Test func everyStrictRuleHasItsRowInTestingMD() throws {
    let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("docs/testing.md")
    let lines = try String(contentsOf: docs, encoding: .utf8).split(separator: "\n")
    let header = try #require(lines.firstIndex { $0.hasPrefix("| id | what it checks |") })
    let rows = lines[(header + 2)...].prefix { $0.hasPrefix("|") }
    let ids = Set(rows.compactMap { $0.split(separator: "`", maxSplits: 2).dropFirst().first })
    let missing = StrictRule.allCases.map(\.id).filter { !ids.contains(Substring($0)) }
    #expect(
      missing.isEmpty, "strict rules without a row in docs/testing.md: \(missing.joined(separator: ", "))")
  }
}

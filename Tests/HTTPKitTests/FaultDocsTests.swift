import Foundation
import Testing

@testable import HTTPKit

/// docs/faults.md names every fault a plan may inject (a row of its table of faults) and every
/// kind of request a rule may match (in the `kind` row of its table of rule members).
@Suite struct FaultDocsTests {
  private func lines() throws -> [Substring] {
    let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("docs/faults.md")
    return try String(contentsOf: docs, encoding: .utf8).split(separator: "\n")
  }

  @Test func everyFaultHasItsRowInFaultsMD() throws {
    let lines = try lines()
    let header = try #require(lines.firstIndex { $0.hasPrefix("| `fault` | parameter |") })
    let rows = lines[(header + 2)...].prefix { $0.hasPrefix("|") }
    let faults = Set(rows.compactMap { $0.split(separator: "`", maxSplits: 2).dropFirst().first })
    let missing = FaultPlan.faultNames.map(\.name).filter { !faults.contains(Substring($0)) }
    #expect(missing.isEmpty, "faults without a row in docs/faults.md: \(missing.joined(separator: ", "))")
  }

  @Test func everyRequestKindIsInTheKindRowOfFaultsMD() throws {
    let row = try #require(try lines().first { $0.hasPrefix("| `kind` |") })
    let missing = RequestKind.allCases.map(\.rawValue).filter { !row.contains("`\($0)`") }
    #expect(
      missing.isEmpty,
      "request kinds missing from docs/faults.md's kind row: \(missing.joined(separator: ", "))")
  }
}

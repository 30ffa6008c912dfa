import Foundation
import TestFiles
import Testing

@testable import AdhostCLI

/// `adhost --help`'s exit-code lines come from `ExitCode.summaries`, and docs/cli.md's "Exit
/// codes" table says the same: the same codes, each row's meaning starting with the help's words.
@Suite struct ExitCodeDocsTests {
  /// docs/cli.md's exit-code table: code → meaning.
  static func documented() throws -> [Int32: String] {
    let text = try String(
      contentsOf: repositoryRoot.appendingPathComponent("docs/cli.md"), encoding: .utf8)
    let section = try #require(text.components(separatedBy: "\n## Exit codes\n").dropFirst().first)
    var rows: [Int32: String] = [:]
    for line in section.split(separator: "\n").prefix(while: { !$0.hasPrefix("#") })
    where line.hasPrefix("| ") {
      let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      if cells.count >= 2, let code = Int32(cells[0]) { rows[code] = cells[1] }
    }
    return rows
  }

  @Test func theHelpAndTheTableNameTheSameCodes() throws {
    let rows = try Self.documented()
    #expect(rows.count >= 6, "\(rows)")
    #expect(Set(rows.keys) == Set(ExitCode.summaries.map(\.code)), "docs/cli.md: \(rows.keys.sorted())")
    for (code, meaning) in ExitCode.summaries {
      #expect(
        rows[code]?.hasPrefix(meaning) == true,
        "\(code): help says \"\(meaning)\", docs/cli.md \(rows[code] ?? "nothing")")
    }
  }

  @Test func theHelpPrintsEveryCode() {
    let help = Adhost.help.replacingOccurrences(of: "\n", with: " ")
    for (code, meaning) in ExitCode.summaries {
      #expect(help.contains("\(code) \(meaning)"), "adhost --help lacks \(code) \(meaning)")
    }
    #expect(Adhost.exitCodeLines.split(separator: "\n").allSatisfy { $0.count <= 92 })
  }
}

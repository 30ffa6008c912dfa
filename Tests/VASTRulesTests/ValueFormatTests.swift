import Testing

@testable import VASTRules

/// Values at the edge of what the value readers take.
@Suite struct ValueFormatTests {
  /// A Duration of 17 digits of hours overflowed when turned into seconds, and the checker
  /// trapped (`adhost check` and `adhost vast` ended on SIGILL): it is a duration-format finding.
  @Test func hoursThatOverflowInSecondsAreNoTime() {
    #expect(ValueFormats.clock("99999999999999999:00:00") == nil)
    #expect(ValueFormats.clock("2562047788015215:59:59") == nil)
    #expect(ValueFormats.clock("2562047788015215:00:00") != nil)
    let document = CleanDocuments.inline.replacing(
      "<Duration>00:00:15</Duration>", with: "<Duration>99999999999999999:00:00</Duration>")
    let findings = DocumentChecker().check(Array(document.utf8), source: "d.xml")
    #expect(findings.contains { $0.rule == "duration-format" })
  }
}

import Testing

@testable import VASTRules

/// The checker reads documents with libxml2 contexts and name tables kept from one document to
/// the next (`ReaderState`): what one document left behind never changes another's findings,
/// and checks on several threads at once find what one thread does.
@Suite struct ReaderReuseTests {
  /// Documents that leave a context in each state: clean, with findings, not well-formed, an
  /// entity declaration refused, a VMAP with inline VAST, names no other document uses.
  static let documents: [String] = [
    CleanDocuments.inline,
    CleanDocuments.vmap,
    CleanDocuments.inline.replacingFirst(
      "<AdTitle>Clean ad</AdTitle>", with: "<AdTitle/><Bogus x=\"1\">t</Bogus>"),
    "<VAST version=\"4.2\"><Ad><InLine><AdSystem>a</AdSystem>",
    "<!DOCTYPE VAST [<!ENTITY e \"x\">]><VAST version=\"4.2\">&e;</VAST>",
    "<VAST version=\"4.2\" xmlns:n=\"urn:x\"><Ad id=\"1\"><n:Unheard n:a=\"b\"/><Wrapper/></Ad></VAST>",
    CleanDocuments.wrapper,
  ]

  static func lines(_ findings: [Finding]) -> [String] { findings.map(\.textLine) }

  @Test func aDocumentsFindingsDoNotDependOnTheDocumentsBefore() {
    let checker = DocumentChecker()
    let first = Self.documents.map { Self.lines(checker.check(Array($0.utf8), source: "d.xml")) }
    #expect(first[3].first?.contains("[xml-malformed]") == true)
    #expect(first[4].first?.contains("[xml-entity-declared]") == true)
    // Each document again, after every other one (the malformed and refused ones included).
    for (index, document) in Self.documents.enumerated() {
      for before in Self.documents {
        _ = checker.check(Array(before.utf8), source: "before.xml")
        #expect(Self.lines(checker.check(Array(document.utf8), source: "d.xml")) == first[index])
      }
    }
  }

  @Test func checksOnSeveralThreadsFindWhatOneThreadFinds() async {
    let checker = DocumentChecker()
    let expected = Self.documents.map { Self.lines(checker.check(Array($0.utf8), source: "d.xml")) }
    let results = await withTaskGroup(of: [[String]].self) { group in
      for _ in 0..<8 {
        group.addTask {
          var found: [[String]] = []
          for _ in 0..<20 {
            found = Self.documents.map { Self.lines(checker.check(Array($0.utf8), source: "d.xml")) }
            guard found == expected else { break }
          }
          return found
        }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(results.count == 8)
    for result in results { #expect(result == expected) }
  }
}

extension String {
  /// The string with the first `target` replaced (the test fails to find its finding otherwise).
  fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
    guard let range = firstRange(of: target) else { return self }
    var text = self
    text.replaceSubrange(range, with: replacement)
    return text
  }
}

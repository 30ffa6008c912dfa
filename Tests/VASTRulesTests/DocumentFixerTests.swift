import Testing

@testable import VASTRules

/// `DocumentFixer`: what it repairs, what it leaves as written, and that a repaired document
/// no longer breaks the repaired rules.
@Suite struct DocumentFixerTests {
  private func fixed(_ text: String) -> (text: String, rules: [String]) {
    let result = DocumentFixer.fix(Array(text.utf8))
    return (String(decoding: result.bytes, as: UTF8.self), result.changes.map(\.rule))
  }

  @Test func urlsAreWrappedAndUnescapedAndTheRestStaysAsWritten() {
    let document = """
      <VAST version="4.2"><!-- kept -->
        <Error>
          https://ads.example/e?a=1&amp;code=[ERRORCODE]
        </Error>
      </VAST>
      """
    let (text, rules) = fixed(document)
    #expect(rules == ["url-not-cdata"])
    #expect(
      text == """
        <VAST version="4.2"><!-- kept -->
          <Error>
            <![CDATA[https://ads.example/e?a=1&code=[ERRORCODE]]]>
          </Error>
        </VAST>
        """)
    let findings = DocumentChecker().check(Array(text.utf8), source: "f.xml")
    #expect(!findings.contains { $0.rule == "url-not-cdata" })
  }

  @Test func whatIsNotSafeToRewriteIsLeftAlone() {
    // A comment inside the URL's element, a non-ASCII URL, an empty element, VAST 1.0.
    for document in [
      "<VAST version=\"4.2\"><Error>https://a.example/<!-- c -->e</Error></VAST>",
      "<VAST version=\"4.2\"><Error>https://a.example/é</Error></VAST>",
      "<VAST version=\"4.2\"><Error/></VAST>",
      "<VAST version=\"1.0\"><Error>https://a.example/e</Error></VAST>",
      "<VAST version=\"4.2\"><Error>https://a.example/e",
    ] {
      let result = DocumentFixer.fix(Array(document.utf8))
      #expect(result.changes.isEmpty, "\(document)")
      #expect(result.bytes == Array(document.utf8))
    }
  }

  @Test func aVMAPsInlineVASTIsFixedAndItsVersionNormalised() {
    let document = """
      <vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0">
        <vmap:AdBreak timeOffset="start" breakType="linear"><vmap:AdSource><vmap:VASTAdData>
          <VAST version="3"><Error>https://a.example/e</Error></VAST>
        </vmap:VASTAdData></vmap:AdSource></vmap:AdBreak>
      </vmap:VMAP>
      """
    let (text, rules) = fixed(document)
    #expect(rules.sorted() == ["url-not-cdata", "vast-version-format"])
    #expect(text.contains(#"<VAST version="3.0"><Error><![CDATA[https://a.example/e]]></Error></VAST>"#))
    #expect(text.contains(#"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0">"#))
  }

  @Test func aMissingVersionIsTheLowestOneTheContentNeeds() {
    #expect(
      fixed("<VAST><Error><![CDATA[https://a.example/e]]></Error></VAST>").text.hasPrefix(
        #"<VAST version="3.0">"#))
    #expect(
      fixed(#"<VAST xmlns="http://www.iab.com/VAST"/>"#).text
        == #"<VAST version="4.0" xmlns="http://www.iab.com/VAST"/>"#)
    #expect(fixed("<VAST\n/>").text == "<VAST version=\"2.0\"\n/>")
  }
}

import Foundation
import Testing

@testable import VASTKit

/// A VMAP's inline VAST, read in the VMAP pass, gives what cutting the `<VAST>` element out
/// (with the namespace declarations its ancestors make put on its start tag) and parsing it on
/// its own gives: the same document, issues and lines, raw XML and errors (issue 24, item 1).
@Suite struct VMAPInlineVASTTests {
  private static let vmapNamespace = #"xmlns:vmap="http://www.iab.net/videosuite/vmap""#

  /// A VMAP whose first break holds `vast` inline, its root declaring `rootDeclarations` too;
  /// a second break follows, by tag URI.
  private func vmap(_ vast: String, rootDeclarations: String = "", breakAttributes: String = "") -> String {
    """
    <?xml version="1.0"?>
    <vmap:VMAP \(Self.vmapNamespace)\(rootDeclarations) version="1.0">
      <vmap:AdBreak timeOffset="start" breakType="linear" breakId="pre"\(breakAttributes)>
        <vmap:AdSource id="s"><vmap:VASTAdData>
          \(vast)
        </vmap:VASTAdData></vmap:AdSource>
      </vmap:AdBreak>
      <vmap:AdBreak timeOffset="end" breakType="linear" breakId="post">
        <vmap:AdSource><vmap:AdTagURI>https://ads.example/post</vmap:AdTagURI></vmap:AdSource>
      </vmap:AdBreak>
    </vmap:VMAP>
    """
  }

  /// `vast` parsed on its own with `declarations` spliced into its root's start tag, as the
  /// cut-out used to be.
  private func alone(_ vast: String, declarations: String) -> Result<VASTDocument, VASTError> {
    var cut = vast
    if let nameEnd = cut.firstIndex(where: { $0 == " " || $0 == "\n" || $0 == ">" || $0 == "/" }) {
      cut.insert(contentsOf: declarations, at: nameEnd)
    }
    return Result { () throws(VASTError) in try VASTParser.parse(Data(cut.utf8)) }
  }

  /// Checks the first break against the cut-out parse, and that the second is untouched.
  private func expectSameAsAlone(
    _ vast: String, declarations: String, rootDeclarations: String = "", breakAttributes: String = ""
  ) throws {
    let document = try VMAPParser.parse(
      Data(vmap(vast, rootDeclarations: rootDeclarations, breakAttributes: breakAttributes).utf8))
    let pre = try #require(document.adBreaks.first)
    switch alone(vast, declarations: declarations) {
    case .success(let expected):
      #expect(pre.error == nil)
      #expect(pre.adSource?.content == .vastAdData(vast: expected))
    case .failure(let error):
      // The break's error names the VMAP line where the root's start tag ends (it starts on 5).
      let line = 5 + vast.prefix { $0 != ">" }.filter { $0 == "\n" }.count
      #expect(pre.error?.code == .adResponseParsing)
      #expect(
        pre.error?.message
          == "line \(line): the VAST in VASTAdData is unusable: \(error) (lines counted from its <VAST> tag)")
    }
    #expect(document.adBreaks.count == 2)
    #expect(document.adBreaks.last?.error == nil)
    #expect(
      document.adBreaks.last?.adSource?.content
        == .adTagURI(url: "https://ads.example/post", templateType: nil))
  }

  @Test func anAdWithIssuesAndAStartTagOverLines() throws {
    let vast = """
      <VAST
            version="4.1">
            <Ad id="a" sequence="x"><InLine>
              <AdTitle>t</AdTitle>
              <Impression id="i"><![CDATA[https://ads.example/imp]]></Impression>
              <Creatives><Creative id="c" AdID="legacy"><Linear skipoffset="00:00:05">
                <Duration>soon</Duration>
                <TrackingEvents>
                  <Tracking event="progress" offset="10%">https://ads.example/p</Tracking>
                  <Tracking>https://ads.example/none</Tracking>
                </TrackingEvents>
                <MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="wide">https://cdn.example/a.mp4</MediaFile></MediaFiles>
              </Linear></Creative></Creatives>
            </InLine></Ad>
          </VAST>
      """
    try expectSameAsAlone(vast, declarations: " " + Self.vmapNamespace)
  }

  @Test func rawXMLCarriesTheDeclarationsInTheCutOutsOrder() throws {
    let vast = """
      <VAST version="4.2" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:own="urn:own">
            <Ad id="a"><InLine><AdSystem>s</AdSystem>
              <AdVerifications><Verification vendor="v"><JavaScriptResource apiFramework="omid"><![CDATA[https://v.example/v.js]]></JavaScriptResource></Verification></AdVerifications>
              <Extensions><Extension type="x"><ext:Data xmlns:ext="urn:ext2" a="&amp;">d</ext:Data><own:Thing/></Extension></Extensions>
              <Creatives><Creative><CreativeExtensions><CreativeExtension type="c"><big:X/></CreativeExtension></CreativeExtensions></Creative></Creatives>
            </InLine></Ad>
          </VAST>
      """
    try expectSameAsAlone(
      vast, declarations: " \(Self.vmapNamespace) xmlns:big=\"urn:big\"",
      rootDeclarations: #" xmlns:big="urn:big" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance""#)
  }

  @Test(arguments: [
    #"<VAST version="9.0"><Ad><InLine/></Ad></VAST>"#,
    "<VAST\n  version=\"4.0\">\n<Ad id=\"empty\"></Ad>\n<Ad><InLine><AdSystem>late</AdSystem></InLine></Ad></VAST>",
    #"<NotVAST version="4.0"><Ad/></NotVAST>"#,
    #"<VideoAdServingTemplate/>"#,
    #"<VAST version="4.0"/>"#,
  ])
  func aRejectedDocumentFailsItsBreakAlone(vast: String) throws {
    try expectSameAsAlone(vast, declarations: " " + Self.vmapNamespace)
  }

  @Test func anUndeclaredPrefixIsAnIssueOfTheInlineDocumentToo() throws {
    // `u:` is used (undeclared) in the VMAP before the VAST, and inside it: on its own the VAST
    // warns about its first use there; the VMAP warns once, at the first use in the document.
    let vast = """
      <VAST version="4.0">
            <Ad id="a" u:x="1"><InLine><AdSystem>s</AdSystem><Error u:y="2">https://e.example</Error></InLine></Ad>
          </VAST>
      """
    try expectSameAsAlone(vast, declarations: " " + Self.vmapNamespace, breakAttributes: #" u:z="0""#)
    let document = try VMAPParser.parse(Data(vmap(vast, breakAttributes: #" u:z="0""#).utf8))
    #expect(document.issues.filter { $0.message.contains("u") && $0.message.contains("declared") }.count == 1)
    guard case .vastAdData(let inline)? = document.adBreaks.first?.adSource?.content else {
      Issue.record("no inline VAST")
      return
    }
    #expect(inline.issues.map(\.line) == [2])
  }

  @Test func aScheduleLibxml2CannotDecodeIsAnErrorNotACrash() throws {
    // encoding="UTF-7": libxml2 answers -1 for the bytes consumed at the inline <VAST> (the
    // fuzz-vmap seed made from examples/vmap crashed on a range from 0 to -1).
    let text = try TestFixtures.text("vmap-schedule.xml")
      .replacingOccurrences(of: #"encoding="UTF-8""#, with: #"encoding="UTF-7""#)
    #expect(text.contains("UTF-7"))
    _ = Result { () throws(VMAPError) in try VMAPParser.parse(Data(text.utf8)) }
  }

  @Test func theScheduleSample() throws {
    let text = try TestFixtures.text("vmap-schedule.xml")
    let start = try #require(text.range(of: "<VAST "))
    let end = try #require(text.range(of: "</VAST>"))
    let vast = String(text[start.lowerBound..<end.upperBound])
    let document = try VMAPParser.parse(Data(text.utf8))
    let expected = try alone(
      vast,
      declarations:
        #" xmlns:vmap="http://www.iab.net/videosuite/vmap" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance""#
    ).get()
    #expect(document.adBreaks.first?.adSource?.content == .vastAdData(vast: expected))
  }
}

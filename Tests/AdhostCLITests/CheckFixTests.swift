import Foundation
import TestFiles
import Testing

/// `adhost check --fix`: a fixed copy beside the file (or at `--fix-to`), each change printed,
/// then the copy's findings; the file itself is never written.
@Suite struct CheckFixTests {
  /// A URL as escaped text, one with spaces and a line break, a version written 4.2.0.
  static let untidy = """
    <VAST version="4.2.0">
      <Ad id="1">
        <Wrapper>
          <AdSystem>s</AdSystem>
          <Impression>https://ads.example/i?a=1&amp;b=2</Impression>
          <VASTAdTagURI><![CDATA[https://ads.example/next?q=a b
    &c=d]]></VASTAdTagURI>
        </Wrapper>
      </Ad>
    </VAST>
    """

  @Test func theCopyHasTheRepairsAndTheFileIsLeftAlone() async throws {
    let scratch = try Scratch()
    let path = try scratch.write("tag.xml", Self.untidy)
    let before = await adhost(["check", "--fail-on", "info", path])
    #expect(before.output.contains("[url-not-cdata]") && before.output.contains("[url-space]"))
    let run = await adhost(["check", "--fix", "--fail-on", "info", path])
    let copy = scratch.folder.appendingPathComponent("tag.fixed.xml").path
    #expect(run.output.contains("\(path):1:7: fixed [vast-version-format] version '4.2.0' written as 4.2"))
    #expect(run.output.contains("\(path):5:7: fixed [url-not-cdata] <Impression> URL wrapped in CDATA"))
    #expect(
      run.output.contains(
        "\(path):6:7: fixed [url-space] <VASTAdTagURI> URL white space taken out (1 as %20, 1 tab or line break removed)"
      ))
    #expect(run.output.contains("\(path): 3 changes, written to \(copy)"))
    let fixed = try String(contentsOfFile: copy, encoding: .utf8)
    #expect(fixed.contains(#"<VAST version="4.2">"#))
    #expect(fixed.contains("<Impression><![CDATA[https://ads.example/i?a=1&b=2]]></Impression>"))
    #expect(fixed.contains("<VASTAdTagURI><![CDATA[https://ads.example/next?q=a%20b&c=d]]></VASTAdTagURI>"))
    // The copy's findings follow, under its name: none of the repaired rules is left.
    #expect(run.code == 0, "\(run.output)")
    #expect(!run.output.contains("\(copy):"), "\(run.output)")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.untidy)
  }

  @Test func aMissingVersionIsTheLowestTheElementsNeedAndNothingIsInvented() async throws {
    let scratch = try Scratch()
    let tag = """
      <VAST>
        <Ad id="1"><InLine><AdSystem>s</AdSystem><AdTitle>t</AdTitle><AdServingId>x</AdServingId>
        <Creatives/></InLine></Ad>
      </VAST>
      """
    let path = try scratch.write("old.xml", tag)
    let copy = scratch.folder.appendingPathComponent("elsewhere.xml").path
    let run = await adhost(["check", "--fix", "--fix-to", copy, path])
    #expect(run.output.contains("fixed [vast-version-missing] version=\"4.1\" added"))
    #expect(run.output.contains("<AdServingId> is VAST 4.1 on"))
    // The missing Impression is not made up: the copy still breaks the rule.
    #expect(run.output.contains("\(copy):2:14: error [inline-impression-missing]"))
    #expect(run.code == 1)
    #expect(try String(contentsOfFile: copy, encoding: .utf8).hasPrefix(#"<VAST version="4.1">"#))
  }

  @Test func aCleanFileIsCopiedUnchangedAndBadUsageIsSaid() async throws {
    let scratch = try Scratch()
    let tag = CheckResolveTests.wrapper(to: "https://ads.example/next")
    let path = try scratch.write("clean.xml", tag)
    let run = await adhost(["check", "--fix", path])
    #expect(run.output.contains("\(path): nothing to fix, written to"))
    #expect(
      try String(
        contentsOfFile: scratch.folder.appendingPathComponent("clean.fixed.xml").path, encoding: .utf8) == tag
    )
    let two = try scratch.write("two.xml", tag)
    #expect(await adhost(["check", "--fix", "--fix-to", "x.xml", path, two]).code == 64)
    #expect(await adhost(["check", "--fix-to", "x.xml", path]).code == 64)
    #expect(await adhost(["check", "--fix", "https://ads.example/tag.xml"]).code == 64)
  }
}

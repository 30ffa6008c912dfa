import Foundation
import OutsideText
import TestFiles
import Testing

/// `adhost check --resolve`: the documents wrappers lead to are checked, each finding naming
/// its chain; a loop, a chain too long and a dead end are the chain rules' findings.
@Suite struct CheckResolveTests {
  static func wrapper(to uri: String) -> String {
    """
    <VAST version="4.2">
      <Ad id="w">
        <Wrapper>
          <AdSystem>s</AdSystem>
          <Impression><![CDATA[https://ads.example/i]]></Impression>
          <VASTAdTagURI><![CDATA[\(uri)]]></VASTAdTagURI>
        </Wrapper>
      </Ad>
    </VAST>
    """
  }

  @Test func findingsBelowAWrapperNameTheirChain() async throws {
    let scratch = try Scratch()
    let top = try scratch.write("w1.xml", Self.wrapper(to: "w2.xml"))
    _ = try scratch.write("w2.xml", Self.wrapper(to: "inline.xml"))
    let inline = try scratch.write("inline.xml", CheckCommandTests.broken)
    let run = await adhost(["check", "--resolve", "--json", top])
    #expect(run.code == 1)
    let findings = try run.output.split(separator: "\n").compactMap {
      try JSONValue.parse(String($0)).objectValue
    }
    let missing = try #require(findings.first { $0["rule"]?.stringValue == "inline-impression-missing" })
    #expect(missing["file"]?.stringValue == inline)
    #expect(
      missing["chain"]?.arrayValue?.compactMap(\.stringValue) == [top, scratch.folder.path + "/w2.xml"])
    #expect(await adhost(["check", top]).code == 0)
  }

  @Test func aLoopAndALongChainAreWrapperDepth() async throws {
    let scratch = try Scratch()
    let top = try scratch.write("a.xml", Self.wrapper(to: "b.xml"))
    _ = try scratch.write("b.xml", Self.wrapper(to: "a.xml"))
    let loop = await adhost(["check", "--resolve", top])
    #expect(loop.code == 1)
    #expect(loop.output.contains("error [wrapper-depth] a loop:"))
    let short = await adhost(["check", "--resolve", "--max-depth", "0", top])
    #expect(short.output.contains("error [wrapper-depth] more than 0 wrappers"))
  }

  @Test func aDeadEndIsWrapperUnreachable() async throws {
    let scratch = try Scratch()
    let top = try scratch.write("dead.xml", Self.wrapper(to: "missing.xml"))
    let run = await adhost(["check", "--resolve", top])
    #expect(run.code == 1)
    #expect(run.output.contains("\(top):6:7: error [wrapper-unreachable]"))
  }
}

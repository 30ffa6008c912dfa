import Foundation
import HardenedXML
import Testing
import VASTKit

/// dailymotion/vast-client-js: the parser reads documents that use `xsi:` without declaring it
/// (its samples do), and of two `AdSystem`s keeps the first.
@Suite struct VASTClientConformance {
  static let suite = ConformanceSuite(
    peer: "vast-client-js",
    cases: [
      ConformanceCase(name: "an undeclared xsi: prefix is read") {
        let data = Data(
          #"<VAST version="3.0" xsi:noNamespaceSchemaLocation="vast.xsd"><Ad id="1"><InLine><AdSystem>S</AdSystem></InLine></Ad></VAST>"#
            .utf8)
        return try VASTParser.parse(data).ads.first?.adSystem == "S"
      },
      ConformanceCase(name: "of two AdSystems the first is kept") {
        let data = Data(
          #"<VAST version="3.0"><Ad id="1"><InLine><AdSystem>A</AdSystem><AdSystem>B</AdSystem></InLine></Ad></VAST>"#
            .utf8)
        return try VASTParser.parse(data).ads.first?.adSystem == "A"
      },
    ],
    knownDifferences: [:])

  @Test func agreement() { Self.suite.check() }

  @Test func extensionsCarryTheirNamespacesAndParseOnTheirOwn() throws {
    let data = Data(
      """
      <VAST version="4.2" xmlns="http://www.iab.com/VAST" xmlns:v="urn:vendor">
        <Ad id="1"><InLine><AdSystem>S</AdSystem>
          <Extensions><Extension type="v"><v:Data>1</v:Data></Extension></Extensions>
        </InLine></Ad>
      </VAST>
      """.utf8)
    let xml = try #require(try VASTParser.parse(data).ads.first?.extensionsXML)
    #expect(xml.hasPrefix(#"<Extensions xmlns="http://www.iab.com/VAST" xmlns:v="urn:vendor">"#))
    #expect(XMLFragment.problems(xml).isEmpty)
  }
}

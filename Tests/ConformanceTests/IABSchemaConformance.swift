import Foundation
import Testing
import VASTKit

/// InteractiveAdvertisingBureau/VAST `tests/schema`: its `run.sh` expects three documents refused
/// by `vast_4.4.xsd` (an empty InLine, an empty Wrapper, three AdSystems) and three accepted (a
/// minimal InLine, a minimal Wrapper, a CTV pause NonLinear), all `version="4.4"`. adhost
/// validates no schema: "refused" agrees when adhost refuses the document, finds no ad in it
/// that can play (its `noUsableAd`), or reports the defect as an issue; "accepted" when it parses
/// with a usable ad and no issue. The documents are adhost's own, with the same structure.
@Suite struct IABSchemaConformance {
  static func vast(_ ad: String) -> Data {
    Data(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <VAST version="4.4" xmlns="http://www.iab.com/VAST">
        \(ad)
      </VAST>
      """.utf8)
  }

  static let emptyInLine = vast(#"<Ad id="a"><InLine/></Ad>"#)
  static let emptyWrapper = vast(#"<Ad id="a"><Wrapper/></Ad>"#)
  static let threeAdSystems = vast(
    #"<Ad id="a"><InLine><AdSystem>A</AdSystem><AdSystem>B</AdSystem><AdSystem>C</AdSystem></InLine></Ad>"#)
  static let minimalInLine = vast(
    """
    <Ad id="1"><InLine>
      <AdSystem version="1">adhost</AdSystem>
      <Impression id="i"><![CDATA[https://ads.example/impression]]></Impression>
      <AdServingId>serving-1</AdServingId>
      <AdTitle>Minimal inline</AdTitle>
      <Creatives><Creative id="c1" sequence="1" adId="a1"><Linear>
        <Duration>00:00:16</Duration>
        <MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="1280" height="720">
          <![CDATA[https://ads.example/a.mp4]]></MediaFile></MediaFiles>
      </Linear></Creative></Creatives>
    </InLine></Ad>
    """)
  static let minimalWrapper = vast(
    """
    <Ad id="2"><Wrapper>
      <AdSystem>adhost</AdSystem>
      <Impression><![CDATA[https://ads.example/impression]]></Impression>
      <VASTAdTagURI><![CDATA[https://ads.example/next.xml]]></VASTAdTagURI>
    </Wrapper></Ad>
    """)
  static let pauseNonLinear = vast(
    """
    <Ad id="pause-1"><InLine>
      <AdSystem version="1">adhost</AdSystem>
      <Impression><![CDATA[https://ads.example/impression]]></Impression>
      <AdServingId>serving-2</AdServingId>
      <AdTitle>CTV pause</AdTitle>
      <Creatives><Creative id="pause"><NonLinearAds>
        <NonLinear id="pause-nl" width="1920" height="1080">
          <StaticResource creativeType="image/png"><![CDATA[https://ads.example/pause.png]]></StaticResource>
        </NonLinear>
      </NonLinearAds></Creative></Creatives>
    </InLine></Ad>
    """)

  /// The document's issues other than the note that 4.4 is read as 4.3.
  static func defects(_ document: VASTDocument) -> [VASTIssue] {
    document.issues.filter { !$0.message.contains("read as 4.3") }
  }

  static func refused(_ data: Data) -> Bool {
    guard let document = try? VASTParser.parse(data) else { return true }
    return document.noUsableAd != nil || !defects(document).isEmpty
  }

  static func accepted(_ data: Data) -> Bool {
    guard let document = try? VASTParser.parse(data) else { return false }
    return document.noUsableAd == nil && defects(document).isEmpty
  }

  static let suite = ConformanceSuite(
    peer: "IAB VAST tests/schema",
    cases: [
      ConformanceCase(name: "reject-empty-inline") { refused(emptyInLine) },
      ConformanceCase(name: "reject-empty-wrapper") { refused(emptyWrapper) },
      ConformanceCase(name: "reject-repeated-adsystem") { refused(threeAdSystems) },
      ConformanceCase(name: "accept-minimal-inline") { accepted(minimalInLine) },
      ConformanceCase(name: "accept-minimal-wrapper") { accepted(minimalWrapper) },
      ConformanceCase(name: "accept-nonlinear-pause") { accepted(pauseNonLinear) },
    ],
    knownDifferences: [:])

  @Test func agreement() { Self.suite.check() }

  @Test func version44IsReadAs43WithAnIssue() throws {
    let document = try VASTParser.parse(Self.minimalInLine)
    #expect(document.version == "4.4")
    #expect(
      document.issues.map(\.description) == [
        "line 2: VAST version '4.4' is newer than 4.3: read as 4.3 (elements it adds are ignored)"
      ])
    #expect(document.ads.first?.linear?.mediaFiles.count == 1)
  }

  @Test func version5StaysRefusedWith102() {
    for version in ["5.0", "5", "10.1"] {
      let data = Data(#"<VAST version="\#(version)"><Ad id="a"><InLine/></Ad></VAST>"#.utf8)
      #expect(throws: VASTError.self) { try VASTParser.parse(data) }
      do {
        _ = try VASTParser.parse(data)
      } catch {
        #expect(error.code == .unsupportedVersion)
      }
    }
  }

  @Test func twoAdSystemsKeepTheFirstWithAnIssueNamingTheLine() throws {
    let data = Data(
      """
      <VAST version="4.3">
        <Ad id="a"><InLine>
          <AdSystem>First</AdSystem>
          <AdSystem>Second</AdSystem>
        </InLine></Ad>
      </VAST>
      """.utf8)
    let document = try VASTParser.parse(data)
    #expect(document.ads.first?.adSystem == "First")
    #expect(
      document.issues.map(\.description) == [
        "line 4: a second AdSystem 'Second' is ignored: the ad keeps the first, 'First'"
      ])
  }
}

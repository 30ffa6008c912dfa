import Foundation
import HardenedXML
import Testing
import VASTKit

/// dailymotion/vmap-js `spec/`: `vmap.spec.js`, `adbreak.spec.js` and `adsource.spec.js` over its
/// samples `correct-vmap.xml`, `correct-vmap-with-extension.xml` and `incorrect-vmap.xml`
/// (re-typed below: small inputs whose every value the checks name). As published they write
/// `xsi:noNamespaceSchemaLocation` on the inline `<VAST>` without declaring `xmlns:xsi`.
@Suite struct VMAPJSConformance {
  static let correct = """
    <vmap:VMAP xmlns:vmap="http://www.iab.net/vmap-1.0" version="1.0">
      <vmap:AdBreak breakType="linear" breakId="mypre" timeOffset="start">
        <vmap:AdSource allowMultipleAds="true" followRedirects="true" id="1">
          <vmap:VASTAdData>
            <VAST version="3.0" xsi:noNamespaceSchemaLocation="vast.xsd">
            </VAST>
          </vmap:VASTAdData>
        </vmap:AdSource>
        <vmap:TrackingEvents>
          <vmap:Tracking event="breakStart">http://server.com/breakstart</vmap:Tracking>
          <vmap:Tracking event="breakEnd">http://server.com/breakend</vmap:Tracking>
          <vmap:Tracking event="breakEnd">http://server.com/breakend2</vmap:Tracking>
          <vmap:Tracking event="error">http://server.com/error?[ERRORCODE]</vmap:Tracking>
        </vmap:TrackingEvents>
      </vmap:AdBreak>
      <vmap:AdBreak breakType="linear" breakId="myid" timeOffset="00:10:23.125">
        <vmap:AdSource allowMultipleAds="true" followRedirects="true" id="2">
          <vmap:VASTAdData>
            <VAST version="3.0" xsi:noNamespaceSchemaLocation="vast.xsd">...
            </VAST>
          </vmap:VASTAdData>
        </vmap:AdSource>
        <vmap:TrackingEvents>
          <vmap:Tracking event="breakStart">http://server.com/breakstart</vmap:Tracking>
        </vmap:TrackingEvents>
      </vmap:AdBreak>
      <vmap:AdBreak breakType="linear" breakId="mypost" timeOffset="end">
        <vmap:AdSource allowMultipleAds="true" followRedirects="true" id="3">
        <vmap:AdTagURI>http://server.com/vast.xml</vmap:AdTagURI>
        </vmap:AdSource>
        <vmap:TrackingEvents>
          <vmap:Tracking event="breakStart">http://server.com/breakstart</vmap:Tracking>
        </vmap:TrackingEvents>
      </vmap:AdBreak>
    </vmap:VMAP>
    """

  static let withExtension = """
    <vmap:VMAP xmlns:vmap="http://www.iab.net/vmap-1.0" version="1.0">
      <vmap:AdBreak breakType="linear" breakId="mypre" timeOffset="start">
        <vmap:Extensions>
          <vmap:Extension extAttribute="extAttribute content" extAttribute2="extAttribute2 content">
            Extension value
            <vmap:Test testAttribute="testAttribute content" testAttribute2="testAttribute2 content">
              Test value
            </vmap:Test>
            <vmap:Test2 test2Attribute="test2Attribute content" test2Attribute2="test2Attribute2 content">
              Test2 value
            </vmap:Test2>
          </vmap:Extension>
          <vmap:Extension>
            Extension2 value
            <vmap:Child childAttribute="childAttribute content" childAttribute2="childAttribute2 content">
              Child value
            </vmap:Child>
          </vmap:Extension>
        </vmap:Extensions>
        <vmap:AdSource allowMultipleAds="true" followRedirects="true" id="1">
          <vmap:VASTAdData>
            <VAST version="3.0" xsi:noNamespaceSchemaLocation="vast.xsd">
            </VAST>
          </vmap:VASTAdData>
        </vmap:AdSource>
      </vmap:AdBreak>
    </vmap:VMAP>
    """

  static let incorrect = """
    <vmap:WRONG xmlns:vmap="http://www.iab.net/vmap-1.0" version="1.0">
      <vmap:AdBreak breakType="linear" breakId="mypre" timeOffset="start"/>
    </vmap:WRONG>
    """

  static func parse(_ text: String) throws -> VMAPDocument { try VMAPParser.parse(Data(text.utf8)) }

  static func adBreak(_ index: Int) throws -> VMAPAdBreak { try parse(correct).adBreaks[index] }

  static func tracking(_ index: Int, _ event: String) throws -> [String] {
    try adBreak(index).trackingURLs(event)
  }

  static func isInlineVAST(_ index: Int) throws -> Bool {
    let source = try adBreak(index)
    guard case .vastAdData = source.adSource?.content else { return false }
    return source.error == nil
  }

  /// `Extension` elements of the break's raw Extensions XML, read on their own: attributes,
  /// own text, and each child's attributes and text.
  static func extensions() throws -> [[String: String]] {
    let xml = try #require(try parse(withExtension).adBreaks[0].extensionsXML)
    let read = XMLFragment.read(xml) { root in
      root.children("Extension").map { element -> [String: String] in
        var facts: [String: String] = ["value": trimmed(element.text)]
        for name in ["extAttribute", "extAttribute2"] { facts[name] = element.attribute(name) }
        for child in element.children() {
          facts[child.name] = trimmed(child.text)
          for attribute in ["testAttribute", "test2Attribute2", "childAttribute"] {
            if let value = child.attribute(attribute) { facts["\(child.name)@\(attribute)"] = value }
          }
        }
        return facts
      }
    }
    return read ?? []
  }

  static func trimmed(_ text: String) -> String { text.trimmingCharacters(in: .whitespacesAndNewlines) }

  static let suite = ConformanceSuite(
    peer: "vmap-js",
    cases: [
      ConformanceCase(name: "vmap: version 1.0") { try parse(correct).version == "1.0" },
      ConformanceCase(name: "vmap: 3 ad breaks") { try parse(correct).adBreaks.count == 3 },
      ConformanceCase(name: "vmap: no extensions") { try parse(correct).extensionsXML == nil },
      ConformanceCase(name: "vmap: a root that is not VMAP is refused") {
        (try? parse(incorrect)) == nil
      },
      ConformanceCase(name: "break 1: time offset start") { try adBreak(0).timeOffset == .start },
      ConformanceCase(name: "break 1: break type linear") { try adBreak(0).breakTypes == ["linear"] },
      ConformanceCase(name: "break 1: break id mypre") { try adBreak(0).breakId == "mypre" },
      ConformanceCase(name: "break 1: 4 tracking events in order") {
        try adBreak(0).trackingEvents.map { "\($0.event) \($0.url)" } == [
          "breakStart http://server.com/breakstart", "breakEnd http://server.com/breakend",
          "breakEnd http://server.com/breakend2", "error http://server.com/error?[ERRORCODE]",
        ]
      },
      ConformanceCase(name: "break 1: breakStart trackers") {
        try tracking(0, "breakStart") == ["http://server.com/breakstart"]
      },
      ConformanceCase(name: "break 1: breakEnd trackers") {
        try tracking(0, "breakEnd") == ["http://server.com/breakend", "http://server.com/breakend2"]
      },
      ConformanceCase(name: "break 1: error tracker with [ERRORCODE] 402") {
        var context = VASTMacroContext()
        context.errorCode = 402
        return try tracking(0, "error").map { VASTMacros.expand($0, context) } == [
          "http://server.com/error?402"
        ]
      },
      ConformanceCase(name: "break 2: time offset 00:10:23.125") {
        try adBreak(1).timeOffset == .seconds(623.125)
      },
      ConformanceCase(name: "break 2: break type linear") { try adBreak(1).breakTypes == ["linear"] },
      ConformanceCase(name: "break 2: break id myid") { try adBreak(1).breakId == "myid" },
      ConformanceCase(name: "break 2: one tracking event") {
        try adBreak(1).trackingEvents.map(\.url) == ["http://server.com/breakstart"]
      },
      ConformanceCase(name: "break 3: time offset end") { try adBreak(2).timeOffset == .end },
      ConformanceCase(name: "break 3: break type linear") { try adBreak(2).breakTypes == ["linear"] },
      ConformanceCase(name: "break 3: break id mypost") { try adBreak(2).breakId == "mypost" },
      ConformanceCase(name: "break 3: one tracking event") {
        try adBreak(2).trackingEvents.map(\.url) == ["http://server.com/breakstart"]
      },
      ConformanceCase(name: "break with extensions: both Extension elements, attributes, children, values") {
        try extensions() == [
          [
            "value": "Extension value", "extAttribute": "extAttribute content",
            "extAttribute2": "extAttribute2 content", "Test": "Test value",
            "Test@testAttribute": "testAttribute content", "Test2": "Test2 value",
            "Test2@test2Attribute2": "test2Attribute2 content",
          ],
          [
            "value": "Extension2 value", "Child": "Child value",
            "Child@childAttribute": "childAttribute content",
          ],
        ]
      },
      ConformanceCase(name: "source 1: id 1") { try adBreak(0).adSource?.id == "1" },
      ConformanceCase(name: "source 1: only VAST data") { try isInlineVAST(0) },
      ConformanceCase(name: "source 2: id 2") { try adBreak(1).adSource?.id == "2" },
      ConformanceCase(name: "source 2: only VAST data") { try isInlineVAST(1) },
      ConformanceCase(name: "source 3: id 3") { try adBreak(2).adSource?.id == "3" },
      ConformanceCase(name: "source 3: VAST data, the ad tag URI, no custom data") {
        // vmap-js also expects a (non-null, empty) vastData beside the tag URI.
        guard case .vastAdData = try adBreak(2).adSource?.content else { return false }
        return true
      },
    ],
    knownDifferences: [
      "source 3: VAST data, the ad tag URI, no custom data":
        "vmap-js keeps an empty vastData object beside an AdTagURI; adhost's source is the tag URI alone"
    ])

  @Test func agreement() { Self.suite.check() }

  @Test func theInlineVASTWithAnUndeclaredPrefixIsReadWithAnIssue() throws {
    let source = try Self.adBreak(0)
    guard case .vastAdData(let vast) = source.adSource?.content else {
      Issue.record("break 1 has no inline VAST: \(String(describing: source.error))")
      return
    }
    #expect(vast.version == "3.0")
    #expect(vast.issues.map(\.description).contains { $0.hasPrefix("line 1: ") && $0.contains("xsi") })
  }

  @Test func extensionsXMLCarriesItsNamespaceAndParsesOnItsOwn() throws {
    let xml = try #require(try Self.parse(Self.withExtension).adBreaks[0].extensionsXML)
    #expect(xml.hasPrefix(#"<vmap:Extensions xmlns:vmap="http://www.iab.net/vmap-1.0">"#))
    #expect(XMLFragment.problems(xml).isEmpty)
  }
}

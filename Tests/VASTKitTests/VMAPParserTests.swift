import Foundation
import Testing

@testable import VASTKit

/// VMAP 1.0.1 parsing (issue 15, item 1).
@Suite struct VMAPParserTests {
  private func parse(_ xml: String) throws(VMAPError) -> VMAPDocument {
    try VMAPParser.parse(Data(xml.utf8))
  }

  private func vmap(_ breaks: String, version: String = "1.0") -> String {
    """
    <?xml version="1.0"?>
    <vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="\(version)">
    \(breaks)
    </vmap:VMAP>
    """
  }

  private func adBreak(_ offset: String, type: String = "linear", id: String = "b", extra: String = "")
    -> String
  {
    """
    <vmap:AdBreak timeOffset="\(offset)" breakType="\(type)" breakId="\(id)"\(extra)>
    <vmap:AdSource><vmap:AdTagURI templateType="vast4">https://ads.example/\(id)</vmap:AdTagURI></vmap:AdSource>
    </vmap:AdBreak>
    """
  }

  @Test func scheduleSample() throws {
    let document = try VMAPParser.parse(Data(try TestFixtures.text("vmap-schedule.xml").utf8))
    #expect(document.version == "1.0")
    #expect(document.adBreaks.map(\.breakId) == ["preroll", "mid-a", "mid-b", "periodic", "postroll"])
    #expect(document.adBreaks.map(\.timeOffset) == [.start, .percent(50), .percent(50), .seconds(600), .end])
    #expect(document.adBreaks.allSatisfy { $0.error == nil })
    let pre = document.adBreaks[0]
    guard case .vastAdData(let vast)? = pre.adSource?.content else {
      Issue.record("pre-roll has no inline VAST: \(String(describing: pre.adSource))")
      return
    }
    #expect(vast.version == "4.1")
    #expect(vast.ads.first?.creatives.first?.adId == "pre-ad")
    #expect(vast.ads.first?.linear?.mediaFiles.first?.url == "https://cdn.example/pre.mp4")
    #expect(pre.adSource?.id == "pre-1")
    #expect(pre.adSource?.allowMultipleAds == false)
    #expect(pre.adSource?.followRedirects == true)
    #expect(pre.trackingURLs("breakStart") == ["https://ads.example/vmap/pre/start"])
    #expect(pre.trackingURLs("breakEnd") == ["https://ads.example/vmap/pre/end"])
    #expect(pre.trackingURLs("error") == ["https://ads.example/vmap/pre/error?code=[ERRORCODE]"])
    #expect(
      document.adBreaks[1].adSource?.content
        == .adTagURI(url: "https://ads.example/vast/mid-a.xml", templateType: "vast4"))
    #expect(document.adBreaks[2].breakTypes == ["linear", "nonlinear"])
    #expect(
      document.adBreaks[2].extensionsXML?.hasPrefix(
        #"<vmap:Extensions xmlns:vmap="http://www.iab.net/videosuite/vmap" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">"#
      ) == true)
    #expect(document.adBreaks[2].extensionsXML?.contains("<Note>kept as is</Note>") == true)
    #expect(document.adBreaks[3].repeatAfter == 600)
  }

  @Test(arguments: [
    ("start", VMAPTimeOffset.start), ("end", .end), ("00:01:02", .seconds(62)),
    ("01:00:00.250", .seconds(3600.25)), ("25%", .percent(25)), ("0%", .percent(0)), ("#1", .position(1)),
    ("#12", .position(12)),
  ])
  func everyOffsetForm(text: String, expected: VMAPTimeOffset) throws {
    let document = try parse(vmap(adBreak(text)))
    #expect(document.adBreaks.first?.timeOffset == expected)
    #expect(document.adBreaks.first?.error == nil)
  }

  @Test(arguments: ["soon", "150%", "#0", "#-1", "#x", "", "00:61:00"])
  func badOffsetFailsOnlyItsBreak(text: String) throws {
    let document = try parse(vmap(adBreak(text, id: "bad") + adBreak("end", id: "good")))
    #expect(document.adBreaks.map(\.breakId) == ["bad", "good"])
    let error = try #require(document.adBreaks[0].error)
    #expect(error.code == .schema)
    #expect(error.message.hasPrefix("line 3: "))
    #expect(error.message.contains("start, end, HH:MM:SS(.mmm), N% or #n"))
    #expect(document.adBreaks[1].error == nil)
  }

  @Test func unsupportedBreakTypeIs1003() throws {
    let document = try parse(vmap(adBreak("start", type: "linear,popup")))
    #expect(document.adBreaks.first?.error?.code == .breakTypeNotSupported)
    #expect(document.adBreaks.first?.breakTypes == ["linear", "popup"])
  }

  @Test func severalBreaksAtOneOffsetKeepDocumentOrder() throws {
    let document = try parse(vmap(adBreak("#2", id: "x") + adBreak("#2", id: "y") + adBreak("#2", id: "z")))
    #expect(document.adBreaks.map(\.breakId) == ["x", "y", "z"])
  }

  @Test func repeatAfterAndItsIssues() throws {
    let good = try parse(vmap(adBreak("00:05:00", extra: " repeatAfter=\"00:00:30.500\"")))
    #expect(good.adBreaks.first?.repeatAfter == 30.5)
    let bad = try parse(vmap(adBreak("00:05:00", extra: " repeatAfter=\"often\"")))
    #expect(bad.adBreaks.first?.repeatAfter == nil)
    #expect(bad.issues.contains { $0.message.contains("repeatAfter 'often'") })
  }

  @Test func customAdDataAndRootExtensionsAreRaw() throws {
    let document = try parse(
      vmap(
        """
        <vmap:AdBreak timeOffset="start" breakType="display">
        <vmap:AdSource><vmap:CustomAdData templateType="proprietary"><Ad a="1">x &amp; y</Ad></vmap:CustomAdData></vmap:AdSource>
        </vmap:AdBreak>
        <vmap:Extensions><vmap:Extension type="t"><Deep><Deeper/></Deep></vmap:Extension></vmap:Extensions>
        """))
    #expect(
      document.adBreaks.first?.adSource?.content
        == .customAdData(
          xml:
            #"<vmap:CustomAdData xmlns:vmap="http://www.iab.net/videosuite/vmap" templateType="proprietary"><Ad a="1">x &amp; y</Ad></vmap:CustomAdData>"#,
          templateType: "proprietary"))
    #expect(
      document.extensionsXML
        == #"<vmap:Extensions xmlns:vmap="http://www.iab.net/videosuite/vmap"><vmap:Extension type="t"><Deep><Deeper/></Deep></vmap:Extension></vmap:Extensions>"#
    )
  }

  @Test func badInlineVASTFailsItsBreakWith1006() throws {
    let document = try parse(
      vmap(
        """
        <vmap:AdBreak timeOffset="start" breakType="linear" breakId="broken">
        <vmap:AdSource><vmap:VASTAdData><VAST version="9.0"/></vmap:VASTAdData></vmap:AdSource>
        </vmap:AdBreak>
        """ + adBreak("end", id: "fine")))
    let error = try #require(document.adBreaks.first?.error)
    #expect(error.code == .adResponseParsing)
    #expect(error.message.contains("line 4"))
    #expect(error.message.contains("VAST error 102"))
    #expect(document.adBreaks[1].error == nil)
  }

  @Test func emptySourceAndEmptyVASTAdData() throws {
    let document = try parse(
      vmap(
        """
        <vmap:AdBreak timeOffset="start" breakType="linear"><vmap:AdSource/></vmap:AdBreak>
        <vmap:AdBreak timeOffset="end" breakType="linear"><vmap:AdSource><vmap:VASTAdData/></vmap:AdSource></vmap:AdBreak>
        """))
    #expect(document.adBreaks[0].error?.code == .schema)
    #expect(
      document.adBreaks[0].error?.message.contains("none of VASTAdData, AdTagURI or CustomAdData") == true)
    #expect(document.adBreaks[1].error?.code == .adResponseParsing)
  }

  @Test func documentErrorsCarryVMAPCodesAndLines() {
    func code(_ xml: String) -> (Int, String)? {
      do {
        _ = try parse(xml)
        return nil
      } catch {
        return (error.code.rawValue, error.message)
      }
    }
    #expect(code(vmap(adBreak("start"), version: "2.0"))?.0 == 1001)
    #expect(code(vmap(adBreak("start"), version: "2.0"))?.1.contains("expected 1.0") == true)
    #expect(code("<VAST version=\"4.0\"/>")?.0 == 1000)
    #expect(code("<vmap:VMAP xmlns:vmap=\"v\"/>")?.0 == 1000)
    let broken = code(vmap("<vmap:AdBreak timeOffset=\"start\">"))
    #expect(broken?.0 == 1002)
    #expect(broken?.1.hasPrefix("line ") == true)
    #expect(code("<!DOCTYPE x [<!ENTITY a \"b\">]><vmap:VMAP xmlns:vmap=\"v\" version=\"1.0\"/>")?.0 == 1002)
    #expect(code("")?.0 == 1002)
  }

  @Test func rootSniffing() {
    #expect(VMAPParser.isVMAP(Data(TestFixturesText.schedule.utf8)))
    #expect(VMAPParser.isVMAP(Data("<!-- <VAST> --><?pi x?><!DOCTYPE v [<!ELEMENT a ANY>]><VMAP/>".utf8)))
    #expect(!VMAPParser.isVMAP(Data("<?xml version=\"1.0\"?><VAST version=\"4.0\"/>".utf8)))
    #expect(!VMAPParser.isVMAP(Data()))
  }
}

private enum TestFixturesText {
  static var schedule: String { (try? TestFixtures.text("vmap-schedule.xml")) ?? "" }
}

/// The JSON form of a schedule gives back the same schedule.
@Suite struct VMAPJSONTests {
  @Test(arguments: ["start", "end", "00:10:00.125", "00:00:01.00015", "12.5%", "#4"])
  func timeOffsetRoundTrips(text: String) throws {
    let offset = try #require(VMAPTimeOffset(parsing: text))
    let decoded = try JSONDecoder().decode([VMAPTimeOffset].self, from: try JSONEncoder().encode([offset]))
    #expect(decoded == [offset])
  }
}

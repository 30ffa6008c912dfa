import Foundation
import LoopbackHTTP
import Testing

@testable import VASTKit

/// `AdVerifications` in both forms, read from the raw XML, and merged over a wrapper chain.
@Suite struct VerificationModelTests {
  @Test func extensionFormOfAVAST2Document() throws {
    let document = try VASTParser.parse(TestFixtures.data("authored/verification/extension-v2.xml"))
    let verifications = try #require(document.ads.first).verifications
    #expect(verifications.count == 1)
    let verification = try #require(verifications.first)
    #expect(verification.vendor == "measure.example-omid")
    #expect(verification.origin == .extensionElement)
    #expect(
      verification.javaScriptResources == [
        VASTJavaScriptResource(
          url: "https://measure.example/omid.js", apiFramework: "omid", browserOptional: true)
      ])
    #expect(
      verification.trackingURLs("verificationNotExecuted") == [
        "https://measure.example/not-run?reason=[REASON]"
      ])
    #expect(verification.verificationParameters == "site=demo&placement=pre-roll")
  }

  @Test(.sharedSamples) func extensionFormOfTheVAST2Sample() throws {
    let document = try VASTParser.parse(
      Samples.data("iab/VAST 1-2.0 Samples/Inline_NonLinear_Verification_VAST2.0.xml"))
    let verifications = try #require(document.ads.first).verifications
    #expect(verifications.count == 1)
    let verification = try #require(verifications.first)
    #expect(verification.vendor == "company.com-omid")
    #expect(verification.origin == .extensionElement)
    #expect(
      verification.javaScriptResources == [
        VASTJavaScriptResource(
          url: "https://company.com/omid.js", apiFramework: "omid", browserOptional: true)
      ])
    #expect(
      verification.trackingURLs("verificationNotExecuted") == ["https://company.com/pixel.jpg?error=[REASON]"]
    )
    #expect(verification.verificationParameters == "parameter1=value1&parameter2=value2&parameter3=value3")
  }

  @Test func elementFormOfAVAST4Document() throws {
    let document = try VASTParser.parse(TestFixtures.data("authored/verification/element-and-icons.xml"))
    let verifications = try #require(document.ads.first).verifications
    #expect(verifications.map(\.vendor) == ["first.example-omid", "second.example-omid"])
    #expect(verifications.map(\.origin) == [.adVerifications, .adVerifications])
    #expect(verifications[1].verificationParameters == "second-parameters")
    #expect(verifications[1].omidResource?.url == "https://second.example/omid.js")
  }

  @Test(.sharedSamples) func elementFormOfTheVASTClientSample() throws {
    let document = try VASTParser.parse(Samples.data("vast-client-js/sample.xml"))
    let verifications = try #require(document.ads.first).verifications
    #expect(verifications.map(\.vendor) == ["company.com-omid", "company2.com-omid"])
    #expect(verifications.map(\.origin) == [.adVerifications, .adVerifications])
    #expect(verifications[1].verificationParameters == "test-verification-parameter")
  }

  @Test func aBrowserResourceIsPreferred() {
    var both = VASTVerification(origin: .adVerifications)
    both.javaScriptResources = [
      VASTJavaScriptResource(url: "https://v/vpaid.js", apiFramework: "VPAID"),
      VASTJavaScriptResource(url: "https://v/light.js", apiFramework: "omid", browserOptional: true),
      VASTJavaScriptResource(url: "https://v/full.js", apiFramework: "OMID", browserOptional: false),
    ]
    #expect(both.omidResource?.url == "https://v/full.js")
    both.javaScriptResources.removeLast()
    #expect(both.omidResource?.url == "https://v/light.js")
    both.javaScriptResources.removeLast()
    #expect(both.omidResource == nil)
  }

  @Test func bothFormsMergeOverAWrapperChainOuterFirst() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.route("/outer") { _ in
      Fixtures.xml(
        Self.wrapper(next: "/middle", verifications: Self.element(vendor: "outer.example-omid")))
    }
    server.route("/middle") { _ in
      Fixtures.xml(
        Self.wrapper(next: "/inline", verifications: Self.extensionForm(vendor: "middle.example-omid")))
    }
    server.route("/inline") { _ in
      let ad = Fixtures.inLineAd(id: "in").replacingOccurrences(
        of: "<Creatives>",
        with: Self.element(vendor: "inline.example-omid") + Self.extensionForm(vendor: "legacy.example-omid")
          + "<Creatives>")
      return Fixtures.xml("<VAST version=\"4.1\">\(ad)</VAST>")
    }
    let resolution = try await Fixtures.resolver().resolve(url: server.url("/outer"))
    let ad = try #require(resolution.ads.first?.ad)
    let verifications = ad.verifications
    #expect(
      verifications.map(\.vendor) == [
        "outer.example-omid", "middle.example-omid", "inline.example-omid", "legacy.example-omid",
      ])
    #expect(
      verifications.map(\.origin) == [
        .adVerifications, .extensionElement, .adVerifications, .extensionElement,
      ])
    #expect(
      verifications.map { $0.trackingURLs("verificationNotExecuted") } == [
        ["https://outer.example-omid/nx?r=[REASON]"], ["https://middle.example-omid/nx?r=[REASON]"],
        ["https://inline.example-omid/nx?r=[REASON]"], ["https://legacy.example-omid/nx?r=[REASON]"],
      ])
    // The InLine's own raw XML is its own; the wrappers' verifications are kept beside it.
    #expect(ad.adVerificationsXML?.contains("inline.example-omid") == true)
    #expect(ad.wrapperVerifications.map(\.vendor) == ["outer.example-omid", "middle.example-omid"])
  }

  @Test func anExtensionOfAnotherTypeOrNamespacedContentIsNoVerification() throws {
    let xml = """
      <VAST version="3.0"><Ad id="a"><InLine><AdSystem>s</AdSystem><AdTitle>t</AdTitle>
      <Impression>https://imp.example/a</Impression><Creatives><Creative><Linear><Duration>00:00:05</Duration>
      </Linear></Creative></Creatives><Extensions>
      <Extension type="Pricing"><x:Verification xmlns:x="urn:x" vendor="not-this"/></Extension>
      <Extension type="AdVerifications"><AdVerifications><Verification vendor="v.example-omid">
      <ExecutableResource apiFramework="custom" type="native" language="swift"><![CDATA[lib://v]]></ExecutableResource>
      </Verification></AdVerifications></Extension></Extensions></InLine></Ad></VAST>
      """
    let ad = try #require(try VASTParser.parse(Data(xml.utf8)).ads.first)
    let verifications = ad.verifications
    #expect(verifications.map(\.vendor) == ["v.example-omid"])
    #expect(
      verifications.first?.executableResources == [
        VASTExecutableResource(value: "lib://v", apiFramework: "custom", type: "native", language: "swift")
      ])
    #expect(verifications.first?.omidResource == nil)
  }

  static func element(vendor: String) -> String {
    """
    <AdVerifications><Verification vendor="\(vendor)">
    <JavaScriptResource apiFramework="omid" browserOptional="true"><![CDATA[https://\(vendor)/omid.js]]></JavaScriptResource>
    <TrackingEvents><Tracking event="verificationNotExecuted"><![CDATA[https://\(vendor)/nx?r=[REASON]]]></Tracking></TrackingEvents>
    </Verification></AdVerifications>
    """
  }

  static func extensionForm(vendor: String) -> String {
    "<Extensions><Extension type=\"AdVerifications\">" + element(vendor: vendor) + "</Extension></Extensions>"
  }

  static func wrapper(next: String, verifications: String) -> String {
    """
    <VAST version="4.1"><Ad id="w"><Wrapper><AdSystem>t</AdSystem>
    <Impression><![CDATA[https://imp.example/w]]></Impression>
    <VASTAdTagURI><![CDATA[\(next)]]></VASTAdTagURI>\(verifications)</Wrapper></Ad></VAST>
    """
  }
}

import Foundation
import Testing

@testable import VASTKit

/// `adhost vast` shows an ad's verifications (both forms) and its icons' timing and tracking.
@Suite struct VASTCommandVerificationTests {
  @Test func textShowsTheExtensionFormAndTheOMIDScript() throws {
    let path = TestFixtures.url("authored/verification/extension-v2.xml").path
    let result = try runVastCommand([path])
    #expect(result.status == 0, "\(result.error)")
    #expect(
      result.output.contains(
        "verification measure.example-omid (Extension): OMID https://measure.example/omid.js"))
    #expect(
      result.output.contains("verificationNotExecuted: https://measure.example/not-run?reason=[REASON]"))
  }

  @Test func jsonCarriesEachEntrysVerificationsAndTextTheIcons() throws {
    try expectVerificationsAndIcons(
      TestFixtures.url("authored/verification/element-and-icons.xml").path,
      vendors: ["first.example-omid", "second.example-omid"], lastScript: "https://second.example/omid.js")
  }

  @Test(.sharedSamples) func sharedSamplesShowTheirVerificationsAndIcons() throws {
    let path = Samples.url("iab/VAST 1-2.0 Samples/Inline_NonLinear_Verification_VAST2.0.xml").path
    let result = try runVastCommand([path])
    #expect(result.status == 0, "\(result.error)")
    #expect(
      result.output.contains("verification company.com-omid (Extension): OMID https://company.com/omid.js"))
    #expect(result.output.contains("verificationNotExecuted: https://company.com/pixel.jpg?error=[REASON]"))
    try expectVerificationsAndIcons(
      Samples.url("vast-client-js/sample.xml").path, vendors: ["company.com-omid", "company2.com-omid"],
      lastScript: "http://example.com/omid2")
  }

  private func expectVerificationsAndIcons(_ path: String, vendors: [String], lastScript: String) throws {
    let json = try runVastCommand([path, "--json"])
    #expect(json.status == 0, "\(json.error)")
    let report = try JSONDecoder().decode(VASTReport.self, from: Data(json.output.utf8))
    let first = try #require(report.ads.first)
    #expect(first.verifications.map(\.vendor) == vendors)
    #expect(first.verifications.last?.omidResource?.url == lastScript)
    let text = try runVastCommand([path])
    #expect(text.output.contains("    icon "), "\(text.output)")
    #expect(text.output.contains("view tracking: "), "\(text.output)")
  }
}

import Foundation
import Testing

@testable import VASTKit

/// `adhost vast` shows an ad's verifications (both forms) and its icons' timing and tracking.
@Suite struct VASTCommandVerificationTests {
  @Test func textShowsTheExtensionFormAndTheOMIDScript() throws {
    let path = Samples.url("iab/VAST 1-2.0 Samples/Inline_NonLinear_Verification_VAST2.0.xml").path
    let result = try runVastCommand([path])
    #expect(result.status == 0, "\(result.error)")
    #expect(
      result.output.contains("verification company.com-omid (Extension): OMID https://company.com/omid.js"))
    #expect(result.output.contains("verificationNotExecuted: https://company.com/pixel.jpg?error=[REASON]"))
  }

  @Test func jsonCarriesEachEntrysVerificationsAndTextTheIcons() throws {
    let path = Samples.url("vast-client-js/sample.xml").path
    let json = try runVastCommand([path, "--json"])
    #expect(json.status == 0, "\(json.error)")
    let report = try JSONDecoder().decode(VASTReport.self, from: Data(json.output.utf8))
    let first = try #require(report.ads.first)
    #expect(first.verifications.map(\.vendor) == ["company.com-omid", "company2.com-omid"])
    #expect(first.verifications.last?.omidResource?.url == "http://example.com/omid2")
    let text = try runVastCommand([path])
    #expect(text.output.contains("    icon "), "\(text.output)")
    #expect(text.output.contains("view tracking: "), "\(text.output)")
  }
}

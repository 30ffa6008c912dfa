import Foundation
import Testing

@testable import VASTKit

@Suite struct SampleParseTests {
  @Test func fixturesArePresent() {
    #expect(TestFixtures.vastDocuments.count >= 30, "found \(TestFixtures.vastDocuments)")
  }

  @Test(arguments: TestFixtures.vastDocuments)
  func fixtureParsesOrFailsWithItsCode(path: String) throws {
    try expectParsesOrFails(TestFixtures.data(path), path, expected: TestFixtures.expectedParseFailure(path))
  }

  @Test(.sharedSamples) func sharedSamplesArePresent() {
    #expect(Samples.all.count >= 100, "found \(Samples.all.count) sample files in \(Samples.folder.path)")
  }

  @Test(.sharedSamples, arguments: Samples.all)
  func sharedSampleParsesOrFailsWithTheReadmeCode(path: String) throws {
    try expectParsesOrFails(Samples.data(path), path, expected: Samples.expectedParseFailure(path))
  }

  private func expectParsesOrFails(_ data: Data, _ path: String, expected: Int?) {
    do {
      let document = try VASTParser.parse(data)
      #expect(expected == nil, "\(path) parsed but should fail with \(expected ?? 0)")
      #expect(document.ads.count + document.errors.count > 0, "\(path): neither ads nor root errors")
    } catch {
      #expect(error.code.rawValue == expected, "\(path): \(error)")
    }
  }

  @Test func podDocumentModel() throws {
    let document = try VASTParser.parse(TestFixtures.data("authored/pod-three-ads-plus-buffet.xml"))
    #expect(document.version == "4.1")
    #expect(document.ads.map(\.sequence) == [1, 2, 3, nil])
    let first = try #require(document.ads.first)
    let linear = try #require(first.linear)
    #expect(linear.skipOffset == .seconds(5))
    #expect(linear.mediaFiles.count == 5)
    #expect(linear.mezzanines.count == 1)
    #expect(linear.trackingEvents.contains { $0.event == "progress" && $0.offset == .seconds(10) })
    #expect(
      document.ads[1].linear?.trackingEvents.contains { $0.event == "progress" && $0.offset == .seconds(5.5) }
        == true)
    #expect(linear.trackingEvents.contains { $0.event == "progress" && $0.offset == .percent(50) })
    #expect(first.adVerificationsXML?.hasPrefix("<AdVerifications") == true)
    #expect(first.adVerificationsXML?.hasSuffix("</AdVerifications>") == true)
    #expect(document.ads[1].linear?.skipOffset == .percent(25))
    #expect(!(linear.icons.isEmpty))
    #expect(first.creatives.contains { ($0.companionAds?.companions.count ?? 0) >= 2 })
  }
}

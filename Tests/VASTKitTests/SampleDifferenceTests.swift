import Foundation
import HTTPKit
import LoopbackHTTP
import Testing

@testable import VASTKit

/// Where adhost read the shared samples differently from vast-client-js (issue 15, item 5).
@Suite struct SampleDifferenceTests {
  private func parse(_ name: String) throws -> VASTDocument {
    try VASTParser.parse(Data(try TestFixtures.text(name).utf8))
  }

  @Test func apiFrameworkVASTOnPlainMP4IsPlayable() throws {
    let document = try parse("iab-3.0-Event_Tracking-test.xml")
    let linear = try #require(document.ads.first?.linear)
    let chosen = try linear.selectMediaFile(VASTMediaRequest(width: 1280, height: 720))
    #expect(chosen.apiFramework == "VAST")
    #expect(chosen.url.hasSuffix(".mp4"))
  }

  @Test func interactiveFrameworksStayUnplayable() throws {
    var linear = VASTLinear()
    var file = VASTMediaFile(url: "https://cdn.example/ad.mp4")
    file.type = "video/mp4"
    file.apiFramework = "VPAID"
    linear.mediaFiles = [file]
    #expect(throws: VASTError.self) { try linear.selectMediaFile(VASTMediaRequest(width: 640, height: 360)) }
  }

  @Test func legacyAdIDSpellingIsRead() throws {
    let document = try parse("iab-2.0-tremor-vast_inline_linear.xml")
    let creatives = try #require(document.ads.first?.creatives)
    #expect(creatives.map(\.adId) == ["601364", "601364-Companion"])
  }

  @Test(arguments: ["empty-no-ad.xml", "no-ad-root-error.xml", "empty-no-creative.xml"])
  func noAdIs303AndPingsErrorURLs(name: String) async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let base = "http://127.0.0.1:\(server.port)"
    let text = try TestFixtures.text(name, hostsTo: base)
    let document = try VASTParser.parse(Data(text.utf8))
    let unusable = try #require(document.noUsableAd)
    #expect(unusable.error.code == .noAdsAfterWrapper)
    #expect(unusable.reports.allSatisfy { $0.code == .noAdsAfterWrapper && $0.urls.count == 1 })
    let error = await Fixtures.error { () async throws(VASTError) in
      try await Fixtures.resolver().resolve(data: Data(text.utf8))
    }
    #expect(error?.code == .noAdsAfterWrapper)
    let pings = server.requests.filter { $0.path != "/" }
    #expect(pings.count == 1, "\(server.requests.map(\.target))")
    if name == "no-ad-root-error.xml" { #expect(pings.first?.query["code"] == "303") }
  }

  @Test func wrapperWithoutURIFailsOnlyItsAd() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let text = try TestFixtures.text(
      "multi-ad-wrapper-missing-uri.xml", hostsTo: "http://127.0.0.1:\(server.port)")
    let document = try VASTParser.parse(Data(text.utf8))
    #expect(document.ads.map(\.id) == ["first", "broken", "third"])
    #expect(document.issues.contains { $0.message.contains("no VASTAdTagURI") })
    #expect(document.noUsableAd == nil)
    let resolution = try await Fixtures.resolver().resolve(data: Data(text.utf8))
    #expect(resolution.ads.map(\.ad.id) == ["first", "third"])
    #expect(resolution.failures.map(\.adId) == ["broken"])
    #expect(resolution.failures.first?.error.code == .schemaValidation)
    #expect(Fixtures.codes(server, "/broken-error") == ["101"])
    #expect(server.requests.map(\.path) == ["/broken-error"])
  }

  @Test func lonelyWrapperWithoutURIIs101ToItsErrorURL() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let text = try TestFixtures.text(
      "wrapper-missing-adtaguri.xml", hostsTo: "http://127.0.0.1:\(server.port)")
    let error = await Fixtures.error { () async throws(VASTError) in
      try await Fixtures.resolver().resolve(data: Data(text.utf8))
    }
    #expect(error?.code == .schemaValidation)
    #expect(Fixtures.codes(server, "/err") == ["101"])
  }
}

import Foundation
import HTTPKit
import HTTPTestSupport
import Testing

@testable import VASTKit

/// A wrapper that points at an absolute https URL resolves offline through `OfflineTransport`,
/// from a recording folder that answers the URL with a local document: the repository's own
/// `authored/remote/`, and the IAB wrapper samples (which point at raw.githubusercontent.com)
/// when the shared samples are there.
@Suite struct IABWrapperTests {
  static let prefix = "https://raw.githubusercontent.com/InteractiveAdvertisingBureau/VAST_Samples/master/"
  static let wrappers = [
    "VAST 3.0 Samples/Wrapper_Tag-test.xml", "VAST 4.0 Samples/Wrapper_Tag-test.xml",
    "VAST 4.1 Samples/Wrapper_Tag-test.xml", "VAST 4.2 Samples/Wrapper_Tag-test.xml",
    "VAST 4.0 Samples/Viewable_Impression-test.xml",
  ]

  /// A recording that answers each URL with the bytes beside it.
  private func recording(_ answers: [(url: String, body: Data)]) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "adhost-iab-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("bodies"), withIntermediateDirectories: true)
    var exchanges: [RecordedExchange] = []
    for (index, answer) in answers.enumerated() {
      let url = link(answer.url)
      let body = "bodies/\(index).bin"
      try answer.body.write(to: folder.appendingPathComponent(body))
      exchanges.append(
        RecordedExchange(
          key: RequestKey(url: url).description, url: url.absoluteString, status: 200,
          headers: ["content-type": "application/xml"], body: body))
    }
    let data = try JSONEncoder().encode(Index(version: 1, exchanges: exchanges))
    try data.write(to: folder.appendingPathComponent("index.json"))
    return folder
  }

  private struct Index: Encodable {
    let version: Int
    let exchanges: [RecordedExchange]
  }

  @Test func wrapperOfAnAbsoluteURLResolvesOffline() async throws {
    let folder = try recording([
      ("https://ads.example/vast/inline.xml", try TestFixtures.data("authored/remote/inline.xml"))
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    let wrapper = TestFixtures.url("authored/remote/wrapper.xml")
    try await expectResolvesOffline(
      try Data(contentsOf: wrapper), at: wrapper, folder: folder, chainEnd: "https://ads.example/vast/")
  }

  @Test(.sharedSamples, arguments: wrappers)
  func iabWrapperResolvesOffline(path: String) async throws {
    let folder = try recording(
      try ["3.0", "4.0", "4.1", "4.2"].map { version in
        let name = "VAST \(version) Samples/Inline_Companion_Tag-test.xml"
        let url = Self.prefix + "VAST%20\(version)%20Samples/Inline_Companion_Tag-test.xml"
        return (url, try Samples.data("iab/" + name))
      })
    defer { try? FileManager.default.removeItem(at: folder) }
    try await expectResolvesOffline(
      Samples.data("iab/" + path), at: Samples.url("iab/" + path), folder: folder, chainEnd: Self.prefix)
  }

  /// The wrapper resolves to an InLine whose impressions start with the wrapper's own, and the
  /// chain ends at a URL that starts with `chainEnd`.
  private func expectResolvesOffline(_ data: Data, at url: URL, folder: URL, chainEnd: String) async throws {
    let client = HTTPClient(timeout: 2, transport: try OfflineTransport(folder: folder))
    let resolver = VASTResolver(client: client, options: VASTResolverOptions(firesErrorURLs: false))
    let wrapper = try VASTParser.parse(data)
    let resolution = try await resolver.resolve(data: data, baseURL: url)
    let ad = try #require(resolution.ads.first?.ad)
    #expect(ad.kind == .inLine)
    let wrapperImpressions = wrapper.ads.first?.impressions.count ?? 0
    #expect(wrapperImpressions > 0)
    #expect(ad.impressions.count > wrapperImpressions)
    #expect(ad.impressions.prefix(wrapperImpressions).map(\.url) == wrapper.ads.first?.impressions.map(\.url))
    #expect(resolution.ads.first?.chain.last?.hasPrefix(chainEnd) == true)
  }
}

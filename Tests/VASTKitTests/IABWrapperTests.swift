import Foundation
import HTTPKit
import Testing

@testable import VASTKit

/// The IAB wrapper samples point at raw.githubusercontent.com; a recording folder built from
/// the local copies lets the resolver follow them offline through `OfflineTransport`.
@Suite struct IABWrapperTests {
  static let prefix = "https://raw.githubusercontent.com/InteractiveAdvertisingBureau/VAST_Samples/master/"
  static let wrappers = [
    "VAST 3.0 Samples/Wrapper_Tag-test.xml", "VAST 4.0 Samples/Wrapper_Tag-test.xml",
    "VAST 4.1 Samples/Wrapper_Tag-test.xml", "VAST 4.2 Samples/Wrapper_Tag-test.xml",
    "VAST 4.0 Samples/Viewable_Impression-test.xml",
  ]

  /// A recording that answers every `<prefix>VAST x.y Samples/…` URL with the local file.
  private func recording() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "adhost-iab-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("bodies"), withIntermediateDirectories: true)
    var exchanges: [RecordedExchange] = []
    for version in ["3.0", "4.0", "4.1", "4.2"] {
      let name = "VAST \(version) Samples/Inline_Companion_Tag-test.xml"
      let url = link(Self.prefix + "VAST%20\(version)%20Samples/Inline_Companion_Tag-test.xml")
      let body = "bodies/\(version).bin"
      try Samples.data("iab/" + name).write(to: folder.appendingPathComponent(body))
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

  @Test(arguments: wrappers)
  func iabWrapperResolvesOffline(path: String) async throws {
    let folder = try recording()
    defer { try? FileManager.default.removeItem(at: folder) }
    let client = HTTPClient(timeout: 2, transport: try OfflineTransport(folder: folder))
    let resolver = VASTResolver(client: client, options: VASTResolverOptions(firesErrorURLs: false))
    let wrapper = try VASTParser.parse(Samples.data("iab/" + path))
    let resolution = try await resolver.resolve(
      data: Samples.data("iab/" + path), baseURL: Samples.url("iab/" + path))
    let ad = try #require(resolution.ads.first?.ad)
    #expect(ad.kind == .inLine)
    let wrapperImpressions = wrapper.ads.first?.impressions.count ?? 0
    #expect(wrapperImpressions > 0)
    #expect(ad.impressions.count > wrapperImpressions)
    #expect(ad.impressions.prefix(wrapperImpressions).map(\.url) == wrapper.ads.first?.impressions.map(\.url))
    #expect(resolution.ads.first?.chain.last?.hasPrefix(Self.prefix) == true)
  }
}

import Foundation
import HTTPKit
import Testing

@testable import VASTKit

/// Resolution of the fixtures (and of the shared samples, when there) from `file:` URLs (no
/// network; error URLs not fired).
@Suite struct ResolverFileTests {
  private func resolver(maxDepth: Int = 5) -> VASTResolver {
    let client = HTTPClient(policy: TransportPolicy(allowsFileURLs: true), timeout: 1)
    return VASTResolver(
      client: client, options: VASTResolverOptions(maxDepth: maxDepth, firesErrorURLs: false))
  }

  @Test func authoredChainMergesEveryLevel() async throws {
    let resolution = try await resolver().resolve(url: TestFixtures.url("authored/chain/wrapper-1.xml"))
    let resolved = try #require(resolution.ads.first)
    #expect(resolution.ads.count == 1)
    #expect(resolved.chain.count == 4)
    let ad = resolved.ad
    #expect(ad.kind == .inLine)
    #expect(ad.impressions.count == 4)
    #expect(ad.impressions.first?.id == "w1-imp")
    #expect(ad.errors.count == 4)
    let linear = try #require(ad.linear)
    #expect(linear.trackingURLs("start").count == 4)
    #expect(linear.trackingURLs("complete").count == 4)
    #expect(linear.trackingEvents.filter { $0.event == "progress" && $0.offset == .seconds(5) }.count == 4)
    #expect(linear.videoClicks.clickTracking.count == 4)
    #expect(linear.videoClicks.clickThrough == "https://advertiser.example/chain-landing")
    #expect(linear.trackingURLs("start").first?.contains("w1.example") == true)
  }

  @Test func loopIsCaughtAs302() async {
    let error = await resolveError(TestFixtures.url("authored/loop/loop-a.xml"))
    #expect(error?.code == .wrapperLimit)
    #expect(error?.message.contains("loop") == true)
  }

  @Test func depthLimitGives302() async {
    let chain = TestFixtures.url("authored/chain/wrapper-1.xml")
    let error = await resolveError(chain, maxDepth: 2)
    #expect(error?.code == .wrapperLimit)
    #expect(await resolveError(chain, maxDepth: 3) == nil)
  }

  @Test(arguments: [
    ("no-ad-root-error.xml", 303),
    ("empty-no-ad.xml", 303),
    ("wrapper-missing-adtaguri.xml", 101),
    ("authored/errors/wrapper-dead-end.xml", 301),
    ("authored/errors/wrapper-to-empty.xml", 303),
    ("authored/errors/wrapper-unreachable.xml", 301),
    ("authored/errors/malformed-truncated.xml", 100),
    ("authored/errors/not-xml.xml", 100),
    ("authored/errors/unsupported-version.xml", 102),
    ("authored/errors/vast1-root.xml", 102),
  ])
  func failingFixtures(path: String, code: Int) async {
    let error = await resolveError(TestFixtures.url(path))
    #expect(error?.code.rawValue == code, "\(path): \(String(describing: error))")
  }

  @Test(
    .sharedSamples,
    arguments: [
      ("authored/errors/no-ad-root-error.xml", 303),
      ("authored/errors/wrapper-dead-end.xml", 301),
      ("authored/errors/wrapper-missing-adtaguri.xml", 101),
      ("authored/errors/malformed-truncated.xml", 100),
      ("authored/errors/unsupported-version-5.0.xml", 102),
      ("vast-client-js/empty-no-ad.xml", 303),
      ("vast-client-js/wrapper-empty.xml", 303),
      ("vast-client-js/wrapper-unavailable-url.xml", 301),
      ("vast-client-js/invalid-xmlfile.xml", 100),
    ])
  func failingSharedSamples(path: String, code: Int) async {
    let error = await resolveError(Samples.url(path))
    #expect(error?.code.rawValue == code, "\(path): \(String(describing: error))")
  }

  @Test func legacyAndRelativeWrappersResolve() async throws {
    let legacy = try await resolver().resolve(url: TestFixtures.url("authored/relative/legacy-wrapper.xml"))
    #expect(legacy.ads.first?.ad.impressions.first?.url == "https://legacy.example/wrapper-impression")
    #expect(legacy.ads.first?.chain.count == 2)
    let chain = try await resolver().resolve(url: TestFixtures.url("authored/relative/wrapper-a.xml"))
    #expect(chain.ads.first?.chain.count == 3)
  }

  @Test(.sharedSamples) func legacyAndRelativeSharedWrappersResolve() async throws {
    let legacy = try await resolver().resolve(url: Samples.url("vast-client-js/wrapper-legacy.xml"))
    #expect(legacy.ads.first?.ad.impressions.first?.url == "http://example.com/wrapper-impression")
    let chain = try await resolver().resolve(url: Samples.url("vast-client-js/wrapper-a.xml"))
    #expect(chain.ads.first?.chain.count == 3)
  }

  @Test func podIsOrderedWithBuffet() async throws {
    let resolution = try await resolver().resolve(
      url: TestFixtures.url("authored/pod-three-ads-plus-buffet.xml"))
    #expect(resolution.ads.map(\.ad.sequence) == [1, 2, 3])
    #expect(resolution.buffet.count == 1)
    #expect(resolution.failures.isEmpty)
  }

  @Test func followAdditionalWrappersFalseRefusesAnotherWrapper() async throws {
    let resolution = try await resolver().resolve(
      url: TestFixtures.url("authored/multiple-ads/follow-additional-wrappers.xml"))
    #expect(resolution.ads.map(\.ad.kind) == [.inLine])
    #expect(resolution.ads.first?.chain.count == 2)
    let refused = try #require(resolution.failures.first { $0.adId == "202" })
    #expect(refused.error.code == .noAdsAfterWrapper)
    #expect(refused.error.message.contains("followAdditionalWrappers"))
    // 203 may follow the extra wrapper: it resolves, through three documents, into the buffet.
    #expect(resolution.buffet.map(\.chain.count) == [3])
  }

  @Test(.sharedSamples) func followAdditionalWrappersFalseRefusesAnotherWrapperInASharedSample() async throws
  {
    let resolution = try await resolver().resolve(
      url: Samples.url("vast-client-js/wrapper-attributes-multiple-ads.xml"))
    #expect(resolution.ads.map(\.ad.kind) == [.inLine])
    let refused = try #require(resolution.failures.first { $0.adId == "202" })
    #expect(refused.error.code == .noAdsAfterWrapper)
    #expect(refused.error.message.contains("followAdditionalWrappers"))
  }

  @Test func multipleAdsPodAndBuffet() async throws {
    let resolution = try await resolver().resolve(
      url: TestFixtures.url("authored/multiple-ads/pod-and-buffet.xml"))
    #expect(resolution.ads.map(\.ad.sequence) == [1, 2])
    #expect(resolution.ads.allSatisfy { $0.ad.kind == .inLine && $0.chain.count == 2 })
    #expect(resolution.failures.isEmpty)
    #expect(resolution.buffet.count == 3)  // two-ads.xml's two (allowMultipleAds) and inline.xml
  }

  @Test(.sharedSamples) func multipleAdsSharedSamplePodAndBuffet() async throws {
    let resolution = try await resolver().resolve(url: Samples.url("vast-client-js/wrapper-multiple-ads.xml"))
    #expect(resolution.ads.map(\.ad.sequence) == [1, 2])
    #expect(resolution.ads.allSatisfy { $0.ad.kind == .inLine && $0.chain.count == 2 })
    #expect(resolution.failures.isEmpty)
    #expect(resolution.buffet.count == 3)  // sample.xml's two ads (allowMultipleAds) and vpaid2.xml's
  }

  @Test func fileURLsNeedPermission() async {
    let strict = VASTResolver(client: HTTPClient())
    await #expect(throws: VASTError.self) {
      _ = try await strict.resolve(url: TestFixtures.url("authored/chain/inline.xml"))
    }
  }

  private func resolveError(_ url: URL, maxDepth: Int = 5) async -> VASTError? {
    do {
      _ = try await resolver(maxDepth: maxDepth).resolve(url: url)
      return nil
    } catch {
      return error
    }
  }
}

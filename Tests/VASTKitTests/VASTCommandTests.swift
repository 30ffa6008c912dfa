import Foundation
import Testing

/// `adhost vast` run as a process (the executable `swift build --build-tests` builds beside
/// the test bundle).
@Suite struct VASTCommandTests {
  @Test func resolvedChainAsJSON() throws {
    let result = try runVastCommand([
      TestFixtures.url("authored/chain/wrapper-1.xml").path, "--resolve", "--json",
    ])
    #expect(result.status == 0, "\(result.error)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    let ads = try #require(json["ads"] as? [[String: Any]])
    let ad = try #require(ads.first?["ad"] as? [String: Any])
    #expect((ad["impressions"] as? [Any])?.count == 4)
    #expect(
      (ads.first?["selectedMedia"] as? [String: Any])?["url"] as? String
        == "https://cdn.example/chain/720p.mp4")
  }

  @Test func textTreeShowsMediaAndTracking() throws {
    let result = try runVastCommand([
      TestFixtures.url("authored/pod-three-ads-plus-buffet.xml").path, "--width", "640", "--height", "360",
    ])
    #expect(result.status == 0)
    #expect(result.output.contains("sequence 1"))
    #expect(result.output.contains("skip offset 00:00:05.000"))
    #expect(result.output.contains("media: https://cdn.example/ads/ad1_360p.mp4"))
    #expect(result.output.contains("firstQuartile: "))
  }

  @Test func failuresPrintTheCode() throws {
    let loop = try runVastCommand([TestFixtures.url("authored/loop/loop-a.xml").path, "--resolve"])
    #expect(loop.status == 1)
    #expect(loop.error.contains("error 302"))
    let flv = try runVastCommand([TestFixtures.url("authored/errors/inline-bad-values.xml").path])
    #expect(flv.status == 1)
    #expect(flv.error.contains("error 403"))
    let broken = try runVastCommand([
      TestFixtures.url("authored/errors/malformed-truncated.xml").path, "--json",
    ])
    #expect(broken.status == 1)
    #expect(broken.output.contains("\"code\" : 100"))
  }

  @Test func usageErrorsExit64() throws {
    #expect(try runVastCommand([]).status == 64)
    #expect(try runVastCommand(["/nonexistent/tag.xml"]).status == 64)
    #expect(
      try runVastCommand([TestFixtures.url("authored/chain/inline.xml").path, "--timeout", "soon"]).status
        == 64)
    #expect(try runVastCommand([TestFixtures.url("authored/chain/inline.xml").path, "--bogus"]).status == 64)
  }
}

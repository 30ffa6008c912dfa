import Foundation
import HTTPKit
import LoopbackHTTP
import Testing

@testable import VASTKit

/// The resolver over real HTTP against the loopback server: chains, faults and error pings.
@Suite struct ResolverLoopbackTests {
  @Test func authoredChainOverHTTP() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.fallback { request in
      guard let data = try? TestFixtures.data("authored" + request.path) else { return .notFound }
      return LoopbackResponse(headers: [("Content-Type", "application/xml")], body: data)
    }
    let resolution = try await Fixtures.resolver().resolve(url: server.url("/chain/wrapper-1.xml"))
    let ad = try #require(resolution.ads.first?.ad)
    #expect(ad.impressions.count == 4)
    #expect(ad.errors.count == 4)
    #expect(ad.linear?.trackingURLs("start").count == 4)
    #expect(
      server.requests.map(\.path) == [
        "/chain/wrapper-1.xml", "/chain/wrapper-2.xml", "/chain/wrapper-3.xml", "/chain/inline.xml",
      ])
  }

  @Test func serverErrorGives301AndPingsErrorCode() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.route("/tag") { _ in
      Fixtures.xml(Fixtures.wrapper(next: "/broken", error: Fixtures.raw(server, "/err?code=[ERRORCODE]")))
    }
    server.route("/broken") { _ in .text("oops", status: 503) }
    server.route("/err") { _ in LoopbackResponse(status: 204) }
    var beacons: [VASTBeacon] = []
    let error = await Fixtures.error { () async throws(VASTError) in
      let resolution = try await Fixtures.resolver().resolve(url: server.url("/tag"))
      beacons = resolution.errorBeacons
      return resolution
    }
    #expect(error?.code == .wrapperTimeout)
    #expect(error?.message.contains("503") == true)
    #expect(Fixtures.codes(server, "/err") == ["301"])
    #expect(beacons.isEmpty)
  }

  @Test func slowWrapperTimesOutAs301() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.route("/tag") { _ in
      Fixtures.xml(Fixtures.wrapper(next: "/slow", error: Fixtures.raw(server, "/err?code=[ERRORCODE]")))
    }
    server.route("/slow") { _ in LoopbackResponse(body: Data(Fixtures.inLine().utf8), fault: .delay(30)) }
    server.route("/err") { _ in LoopbackResponse(status: 204) }
    let start = Date()
    let error = await Fixtures.error { () async throws(VASTError) in
      try await Fixtures.resolver(timeout: 0.3).resolve(url: server.url("/tag"))
    }
    #expect(error?.code == .wrapperTimeout)
    #expect(Date().timeIntervalSince(start) < 15)
    #expect(Fixtures.codes(server, "/err") == ["301"])
  }

  @Test func truncatedAndHungUpWrappersGive301() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let errorURL = Fixtures.raw(server, "/err?code=[ERRORCODE]")
    server.route("/tag-cut") { _ in Fixtures.xml(Fixtures.wrapper(next: "/cut", error: errorURL)) }
    server.route("/tag-hang") { _ in Fixtures.xml(Fixtures.wrapper(next: "/hang", error: errorURL)) }
    server.route("/cut") { _ in
      LoopbackResponse(body: Data(Fixtures.inLine().utf8), fault: .truncate(afterBytes: 40))
    }
    server.route("/hang") { _ in LoopbackResponse(fault: .closeWithoutAnswer) }
    for tag in ["/tag-cut", "/tag-hang"] {
      let error = await Fixtures.error { () async throws(VASTError) in
        try await Fixtures.resolver().resolve(url: server.url(tag))
      }
      #expect(error?.code == .wrapperTimeout, "\(tag): \(String(describing: error))")
    }
    #expect(Fixtures.codes(server, "/err") == ["301", "301"])
  }

  @Test func loopGives302AtOnceAndPingsEveryWrapper() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.route("/a") { _ in
      Fixtures.xml(
        Fixtures.wrapper(next: "/b?cb=[CACHEBUSTING]", error: Fixtures.raw(server, "/err-a?code=[ERRORCODE]"))
      )
    }
    server.route("/b") { _ in
      Fixtures.xml(
        Fixtures.wrapper(next: "/a?cb=[CACHEBUSTING]", error: Fixtures.raw(server, "/err-b?code=[ERRORCODE]"))
      )
    }
    let error = await Fixtures.error { () async throws(VASTError) in
      try await Fixtures.resolver().resolve(url: server.url("/a"))
    }
    #expect(error?.code == .wrapperLimit)
    #expect(server.requests(for: "/a").count == 1)
    #expect(server.requests(for: "/b").count == 1)
    #expect(server.requests(for: "/b").first?.query["cb"]?.count == 8)
    #expect(Set(Fixtures.codes(server, "/err-a")) == ["302"])
    #expect(Set(Fixtures.codes(server, "/err-b")) == ["302"])
  }

  @Test func depthPastTheLimitGives302() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    for hop in 0..<8 {
      server.route("/w\(hop)") { _ in
        Fixtures.xml(
          Fixtures.wrapper(
            next: "/w\(hop + 1)", error: Fixtures.raw(server, "/err?code=[ERRORCODE]&hop=\(hop)")))
      }
    }
    let error = await Fixtures.error { () async throws(VASTError) in
      try await Fixtures.resolver(maxDepth: 5).resolve(url: server.url("/w0"))
    }
    #expect(error?.code == .wrapperLimit)
    #expect(server.requests.filter { $0.path.hasPrefix("/w") }.count == 6)
    #expect(Fixtures.codes(server, "/err") == Array(repeating: "302", count: 6))
  }

  @Test func budgetRunsOutAs301() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    for hop in 0..<5 {
      server.route("/w\(hop)") { _ in
        LoopbackResponse(
          body: Data(Fixtures.wrapper(next: "/w\(hop + 1)", error: "https://e.example/").utf8),
          fault: .delay(2))
      }
    }
    // Five hops of 2 s each would take 10 s; the 0.5 s budget ends it while the first hop is answered.
    let error = await Fixtures.error { () async throws(VASTError) in
      try await Fixtures.resolver(timeout: 5, budget: 0.5).resolve(url: server.url("/w0"))
    }
    #expect(error?.code == .wrapperTimeout)
    #expect(error?.message.contains("budget") == true)
    #expect(server.requests.map(\.path).filter { $0.hasPrefix("/w") } == ["/w0"])
  }

  @Test func noAdAfterWrapperGives303ToWrapperAndRootErrors() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.route("/tag") { _ in
      Fixtures.xml(Fixtures.wrapper(next: "/empty", error: Fixtures.raw(server, "/err-w?code=[ERRORCODE]")))
    }
    server.route("/empty") { _ in
      Fixtures.xml(
        "<VAST version=\"4.1\"><Error><![CDATA[\(Fixtures.raw(server, "/err-root?code=[ERRORCODE]"))]]></Error></VAST>"
      )
    }
    let error = await Fixtures.error { () async throws(VASTError) in
      try await Fixtures.resolver().resolve(url: server.url("/tag"))
    }
    #expect(error?.code == .noAdsAfterWrapper)
    #expect(Fixtures.codes(server, "/err-w") == ["303"])
    #expect(Fixtures.codes(server, "/err-root") == ["303"])
  }

  @Test func podResolvesConcurrentlyAndFillsFromBuffet() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let errorURL = Fixtures.raw(server, "/err?code=[ERRORCODE]")
    // Each ad answers only once all three requests are in: resolved one at a time, the first
    // would wait out the barrier and fail.
    let barrier = Barrier(parties: 3)
    for index in 1...3 {
      server.route("/ad\(index)") { _ in
        barrier.arrive(timeout: 2)
          ? Fixtures.xml(Fixtures.inLine(id: "ad\(index)")) : .text("alone", status: 500)
      }
    }
    server.route("/bad") { _ in .text("no", status: 500) }
    let pod = """
      <VAST version="4.1">
      \(Fixtures.wrapperAd(id: "p3", sequence: 3, next: "/ad3", error: errorURL))
      \(Fixtures.wrapperAd(id: "p1", sequence: 1, next: "/ad1", error: errorURL))
      \(Fixtures.wrapperAd(id: "p2", sequence: 2, next: "/bad", error: errorURL))
      \(Fixtures.wrapperAd(id: "b1", sequence: nil, next: "/ad2", error: errorURL))
      </VAST>
      """
    server.route("/pod") { _ in Fixtures.xml(pod) }
    let resolution = try await Fixtures.resolver().resolve(url: server.url("/pod"))
    #expect(resolution.ads.map(\.ad.id) == ["ad1", "ad2", "ad3"])
    #expect(resolution.ads.map(\.ad.sequence) == [1, nil, 3])
    #expect(resolution.failures.map(\.sequence) == [2])
    #expect(resolution.buffet.isEmpty)
    #expect(Fixtures.codes(server, "/err") == ["301"])
  }

  @Test func allowMultipleAdsTakesTheWholeResponse() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let twoAds =
      "<VAST version=\"4.1\">\(Fixtures.inLineAd(id: "x", sequence: 2))\(Fixtures.inLineAd(id: "y", sequence: 1))</VAST>"
    server.route("/two") { _ in Fixtures.xml(twoAds) }
    let many =
      "<VAST version=\"4.1\"><Ad id=\"w\"><Wrapper allowMultipleAds=\"true\"><AdSystem>t</AdSystem>"
      + "<Impression>https://imp.example/w</Impression><VASTAdTagURI>/two</VASTAdTagURI></Wrapper></Ad></VAST>"
    server.route("/many") { _ in Fixtures.xml(many) }
    server.route("/one") { _ in
      Fixtures.xml(many.replacingOccurrences(of: "allowMultipleAds=\"true\"", with: ""))
    }
    let all = try await Fixtures.resolver().resolve(url: server.url("/many"))
    #expect(all.ads.map(\.ad.id) == ["y", "x"])
    #expect(all.ads.allSatisfy { $0.ad.impressions.first?.url == "https://imp.example/w" })
    let first = try await Fixtures.resolver().resolve(url: server.url("/one"))
    #expect(first.ads.map(\.ad.id) == ["x"])
  }

  @Test func fallbackOnNoAdFalseLeavesTheGap() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.route("/ad") { _ in Fixtures.xml(Fixtures.inLine(id: "fill")) }
    server.route("/none") { _ in Fixtures.xml("<VAST version=\"4.1\"/>") }
    let pod = """
      <VAST version="4.1">
      <Ad id="p1" sequence="1"><Wrapper fallbackOnNoAd="false"><AdSystem>t</AdSystem><VASTAdTagURI>/none</VASTAdTagURI></Wrapper></Ad>
      <Ad id="p2" sequence="2"><Wrapper fallbackOnNoAd="true"><AdSystem>t</AdSystem><VASTAdTagURI>/none</VASTAdTagURI></Wrapper></Ad>
      \(Fixtures.wrapperAd(id: "b1", sequence: nil, next: "/ad", error: "https://e.example/"))
      \(Fixtures.wrapperAd(id: "b2", sequence: nil, next: "/ad", error: "https://e.example/"))
      </VAST>
      """
    server.route("/pod") { _ in Fixtures.xml(pod) }
    let resolution = try await Fixtures.resolver().resolve(url: server.url("/pod"))
    #expect(resolution.ads.count == 1)
    #expect(resolution.buffet.count == 1)
    #expect(resolution.failures.map(\.adId) == ["p1", "p2"])
    #expect(resolution.failures.allSatisfy { $0.error.code == .noAdsAfterWrapper })
  }

  @Test func remoteDocumentsMayNotPointAtLocalFiles() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let local = TestFixtures.url("authored/chain/inline.xml").absoluteString
    server.route("/tag") { _ in Fixtures.xml(Fixtures.wrapper(next: local, error: "https://e.example/")) }
    let client = HTTPClient(policy: TransportPolicy(allowsFileURLs: true), timeout: 2)
    let resolver = VASTResolver(client: client, options: VASTResolverOptions(firesErrorURLs: false))
    let error = await Fixtures.error { () async throws(VASTError) in
      try await resolver.resolve(url: server.url("/tag"))
    }
    #expect(error?.code == .wrapperTimeout)
    #expect(error?.message.contains("local file") == true)
  }

  @Test func completionHandlerEntryPoint() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.route("/in") { _ in Fixtures.xml(Fixtures.inLine(id: "solo")) }
    let result = await withCheckedContinuation { continuation in
      Fixtures.resolver().resolve(url: server.url("/in")) { continuation.resume(returning: $0) }
    }
    #expect((try? result.get())?.ads.first?.ad.id == "solo")
  }
}

extension Fixtures {
  static func wrapperAd(id: String, sequence: Int?, next: String, error: String) -> String {
    let sequenceAttribute = sequence.map { " sequence=\"\($0)\"" } ?? ""
    return """
      <Ad id="\(id)"\(sequenceAttribute)><Wrapper><AdSystem>t</AdSystem><Error><![CDATA[\(error)]]></Error>
      <VASTAdTagURI><![CDATA[\(next)]]></VASTAdTagURI></Wrapper></Ad>
      """
  }
}

/// Lets `parties` threads through together, or each alone after a timeout.
final class Barrier: @unchecked Sendable {
  private let condition = NSCondition()
  private var arrived = 0
  private let parties: Int

  init(parties: Int) { self.parties = parties }

  /// Waits until every party arrived (true) or the timeout passed (false).
  func arrive(timeout: Double) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    arrived += 1
    condition.broadcast()
    let deadline = Date().addingTimeInterval(timeout)
    while arrived < parties {
      if !condition.wait(until: deadline) { return arrived >= parties }
    }
    return true
  }
}

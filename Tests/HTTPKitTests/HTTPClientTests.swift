import Foundation
import HTTPKit
import HTTPTestSupport
import LoopbackHTTP
import Testing

/// HTTPKit's real URLSession client against the real loopback server.
@Suite struct HTTPClientTests {
  @Test func getsABodyAndSendsTheRequest() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.route("/hello") { _ in .text("hi there") }
    let response = try await HTTPClient(timeout: 2).get(server.url("/hello?x=1"))
    #expect(response.status == 200)
    #expect(String(decoding: response.body, as: UTF8.self) == "hi there")
    #expect(server.requests.first?.target == "/hello?x=1")
    #expect(server.requests.first?.method == "GET")
  }

  @Test func policyRefusesPlainHTTPButAllowsLoopbackAndOptIn() async throws {
    let strict = TransportPolicy()
    #expect(throws: HTTPError.insecureURL(link("http://ads.example/x"))) {
      try strict.check(link("http://ads.example/x"))
    }
    try strict.check(link("http://127.0.0.1:8/x"))
    try strict.check(link("http://127.9.8.7/x"))
    try strict.check(link("http://localhost/x"))
    try strict.check(link("http://[::1]:80/x"))
    try strict.check(link("https://ads.example/x"))
    #expect(throws: HTTPError.self) { try strict.check(link("http://128.0.0.1/x")) }
    #expect(throws: HTTPError.self) { try strict.check(link("http://127.0.0.1.evil.example/x")) }
    #expect(throws: HTTPError.self) { try strict.check(URL(fileURLWithPath: "/etc/hosts")) }
    #expect(throws: HTTPError.self) { try strict.check(link("ftp://ads.example/x")) }
    try TransportPolicy(allowsArbitraryLoads: true).check(link("http://ads.example/x"))
    try TransportPolicy(allowsFileURLs: true).check(URL(fileURLWithPath: "/etc/hosts"))
    let error = HTTPError.insecureURL(link("http://ads.example/x"))
    #expect(error.description.contains("http://ads.example/x"))
  }

  @Test func timesOutOnASlowServer() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    // The server would answer after 30 s: ending well before that shows the timeout fired (the
    // bound is loose because a loaded machine is slow, never because the check is).
    server.route("/slow") { _ in LoopbackResponse(body: Data("late".utf8), fault: .delay(30)) }
    let start = Date()
    await #expect(throws: HTTPError.timeout(server.url("/slow"), seconds: 0.3)) {
      _ = try await HTTPClient(timeout: 0.3, transport: URLSessionTransport()).get(server.url("/slow"))
    }
    #expect(Date().timeIntervalSince(start) < 15)
  }

  @Test func followsRedirectsUpToTheLimit() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    for hop in 0..<4 { server.route("/r\(hop)") { _ in .redirect(to: "/r\(hop + 1)") } }
    server.route("/r4") { _ in .text("end") }
    let response = try await HTTPClient(timeout: 2, maxRedirects: 4).get(server.url("/r0"))
    #expect(String(decoding: response.body, as: UTF8.self) == "end")
    // The final URL, and the chain followed to it (issue 41).
    #expect(response.url == server.url("/r4"))
    #expect(response.redirects == (0..<4).map { HTTPRedirect(url: server.url("/r\($0)"), status: 302) })
    #expect(try await HTTPClient(timeout: 2).get(server.url("/r4")).redirects.isEmpty)
    await #expect(throws: HTTPError.tooManyRedirects(server.url("/r0"), limit: 3)) {
      _ = try await HTTPClient(timeout: 2, maxRedirects: 3).get(server.url("/r0"))
    }
  }

  @Test func redirectTargetsMustPassThePolicy() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.route("/to-file") { _ in .redirect(to: "file:///etc/passwd") }
    server.route("/to-http") { _ in .redirect(to: "http://ads.example/x") }
    let client = HTTPClient(timeout: 2)
    await #expect(throws: HTTPError.insecureURL(link("http://ads.example/x"))) {
      _ = try await client.get(server.url("/to-http"))
    }
    // A redirect to file: is refused (RedirectSchemeTests); either way the file is not read.
    let response = try? await client.get(server.url("/to-file"))
    #expect(response.map { !String(decoding: $0.body, as: UTF8.self).contains("root:") } ?? true)
  }

  @Test func fileURLsAreReadWithinTheCap() async throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "adhost-\(UUID().uuidString).xml")
    defer { try? FileManager.default.removeItem(at: file) }
    try Data(repeating: 32, count: 2048).write(to: file)
    let client = HTTPClient(policy: TransportPolicy(allowsFileURLs: true), maxBodyBytes: 1024)
    await #expect(throws: HTTPError.bodyTooLarge(file, limit: 1024)) { _ = try await client.get(file) }
    let roomy = HTTPClient(policy: TransportPolicy(allowsFileURLs: true))
    #expect(try await roomy.fetch(file).count == 2048)
    await #expect(throws: HTTPError.fileAccessDenied(file)) { _ = try await HTTPClient().get(file) }
  }

  @Test func capsTheBody() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let big = Data(repeating: 65, count: 50 << 20)
    server.route("/big") { _ in LoopbackResponse(body: big) }
    await #expect(throws: HTTPError.bodyTooLarge(server.url("/big"), limit: 1 << 20)) {
      _ = try await HTTPClient(timeout: 5, maxBodyBytes: 1 << 20).get(server.url("/big"))
    }
  }

  @Test func truncatedBodyAndHangUpAreNetworkErrors() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.route("/cut") { _ in
      LoopbackResponse(body: Data(repeating: 66, count: 1000), fault: .truncate(afterBytes: 10))
    }
    server.route("/hangup") { _ in LoopbackResponse(fault: .closeWithoutAnswer) }
    let client = HTTPClient(timeout: 2)
    for path in ["/cut", "/hangup"] {
      do {
        _ = try await client.get(server.url(path))
        Issue.record("\(path) should fail")
      } catch {
        guard case .network(let url, _) = error else {
          Issue.record("\(path): \(error)")
          continue
        }
        #expect(url == server.url(path))
      }
    }
  }

  @Test func dripFeedArrivesWhole() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.route("/drip") { _ in
      LoopbackResponse(body: Data("0123456789".utf8), fault: .drip(bytes: 16, interval: 0.02))
    }
    let response = try await HTTPClient(timeout: 3).get(server.url("/drip"))
    #expect(String(decoding: response.body, as: UTF8.self) == "0123456789")
  }

  @Test func completionHandlerAPI() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.route("/cb") { _ in .text("done", status: 503) }
    let result = await withCheckedContinuation { continuation in
      HTTPClient(timeout: 2).get(server.url("/cb")) { continuation.resume(returning: $0) }
    }
    #expect((try? result.get())?.status == 503)
    await #expect(throws: HTTPError.status(server.url("/cb"), 503)) {
      _ = try await HTTPClient(timeout: 2).fetch(server.url("/cb"))
    }
  }

  @Test func concurrentRequests() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.route("/n") { request in .text(request.query["i"] ?? "") }
    let client = HTTPClient(timeout: 3)
    let bodies = try await withThrowingTaskGroup(of: String.self) { group in
      for index in 0..<20 {
        group.addTask { String(decoding: try await client.fetch(server.url("/n?i=\(index)")), as: UTF8.self) }
      }
      return try await group.reduce(into: Set<String>()) { $0.insert($1) }
    }
    #expect(bodies == Set((0..<20).map(String.init)))
  }
}

@Suite struct LoopbackServerTests {
  @Test func logsMethodHeadersAndBody() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.route("/post") { request in .text("got \(request.body.count)") }
    var request = HTTPRequest(
      url: server.url("/post?a=1"), method: "POST", body: Data("hello".utf8), timeout: 2)
    request.headers["X-Test"] = "yes"
    let response = try await HTTPClient().send(request)
    #expect(String(decoding: response.body, as: UTF8.self) == "got 5")
    let logged = try #require(server.requests.first)
    #expect(logged.method == "POST")
    #expect(logged.target == "/post?a=1")
    #expect(logged.header("x-test") == "yes")
    #expect(logged.body == Data("hello".utf8))
    #expect(server.baseURL.host == "127.0.0.1")
  }

  @Test func stopsPromptlyWithSlowConnectionsOpen() async throws {
    let server = try LoopbackServer()
    server.route("/slow") { _ in LoopbackResponse(fault: .delay(30)) }
    let client = HTTPClient(timeout: 0.3, transport: URLSessionTransport())
    _ = try? await client.get(server.url("/slow"))
    let start = Date()
    server.stop()
    #expect(Date().timeIntervalSince(start) < 10)
    await #expect(throws: HTTPError.self) { _ = try await client.get(server.url("/slow")) }
  }
}

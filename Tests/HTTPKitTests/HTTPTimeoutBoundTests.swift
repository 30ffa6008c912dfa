import Foundation
import HTTPKit
import LoopbackHTTP
import Testing

/// A request's timeout is kept within 0.001 s…1 h: URLSession traps on an infinite one.
@Suite struct HTTPTimeoutBoundTests {
  @Test func timeoutsAreKeptInRange() throws {
    let url = try #require(URL(string: "http://127.0.0.1:9/x"))
    #expect(HTTPRequest(url: url, timeout: .infinity).timeout == HTTPRequest.maxTimeout)
    #expect(HTTPRequest(url: url, timeout: 1e300).timeout == 3600)
    #expect(HTTPRequest(url: url, timeout: .nan).timeout == 5)
    #expect(HTTPRequest(url: url, timeout: -1).timeout == 0.001)
    #expect(HTTPRequest(url: url, timeout: 2.5).timeout == 2.5)
  }

  @Test func aClientWithAnInfiniteTimeoutStillAnswers() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.route("/hello") { _ in .text("hi") }
    let response = try await HTTPClient(timeout: .infinity).get(server.url("/hello"))
    #expect(response.status == 200)
  }
}

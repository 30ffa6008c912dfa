import Foundation
import HTTPKit
import HTTPTestSupport
import LoopbackHTTP
import Testing

/// A redirect may only lead to `http` or `https`: any other target is refused by name, never
/// re-requested from the server that sent it.
@Suite struct RedirectSchemeTests {
  @Test func redirectToAFileURLIsRefusedNamingTheTarget() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.route("/to-file") { _ in .redirect(to: "file:///etc/passwd") }
    let origin = server.url("/to-file")
    let refusal = HTTPError.refusedRedirect(link("file:///etc/passwd"), from: origin)
    // Refused even when the client may read files itself: a server must not pick local files.
    for policy in [TransportPolicy(), TransportPolicy(allowsFileURLs: true)] {
      await #expect(throws: refusal) {
        _ = try await HTTPClient(policy: policy, timeout: 2).get(origin)
      }
    }
    #expect(
      refusal.description
        == "file:///etc/passwd: redirect from \(origin.absoluteString) refused:"
        + " the scheme \"file\" is not allowed (a redirect may only lead to http or https)")
    #expect(server.requests.allSatisfy { $0.path == "/to-file" })
  }

  @Test func redirectToAnotherSchemeIsRefused() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.route("/to-ftp") { _ in .redirect(to: "ftp://ads.example/x") }
    let origin = server.url("/to-ftp")
    await #expect(throws: HTTPError.refusedRedirect(link("ftp://ads.example/x"), from: origin)) {
      _ = try await HTTPClient(timeout: 2).get(origin)
    }
  }
}

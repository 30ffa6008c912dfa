import Foundation
import HTTPKit
import LoopbackHTTP
import Testing

/// Which requests a rule applies to: its `method`, `kind` and `url` pattern together, against a
/// real loopback server (docs/faults.md, the rule members).
@Suite struct FaultRuleMatchTests {
  @Test func aRuleAppliesOnlyToItsMethodKindAndURL() async throws {
    let (server, client) = try FaultTransportTests.setUp([
      FaultRule(url: "*/session*", kind: .session, method: "POST", fault: .status(503))
    ])
    let session = server.url("/session/1")
    let send = { (method: String, kind: RequestKind?, url: URL) in
      await withCheckedContinuation { continuation in
        let body = method == "POST" ? Data("{}".utf8) : nil
        client.send(HTTPRequest(url: url, method: method, body: body, kind: kind)) {
          continuation.resume(returning: (try? $0.get())?.status)
        }
      }
    }
    #expect(await send("POST", .session, session) == 503)
    // Another method, another kind, no kind, another URL: untouched.
    #expect(await send("GET", .session, session) == 200)
    #expect(await send("POST", .tracking, session) == 200)
    #expect(await send("POST", nil, session) == 200)
    #expect(await send("POST", .session, server.url("/tracking/1")) == 200)
    #expect(server.requests.count == 4)
  }
}

import Foundation
import HTTPKit
import Testing

@testable import WebViewKit

/// The display proxy's https path without WebKit: a GnuTLS client asks for a tunnel, speaks TLS
/// in it and sends requests, which the host's client answers (from a recording) and logs.
@Suite(.serialized) struct HTTPSProxyTests {
  /// A proxy answering from a recording of two https URLs; tunnels give up after `timeout`.
  func startProxy(timeout: Double = 10) throws -> (LoopbackProxy, EventQueue<WebViewEvent>, ScratchFolder) {
    let scratch = try ScratchFolder()
    let recording = try HTTPSRecording(
      in: scratch, name: "recording",
      [
        ("https://cdn.example.test/a.txt", "text/plain", "first"),
        ("https://cdn.example.test/b.txt?x=1", "text/plain", "second"),
      ])
    let events = EventQueue<WebViewEvent>()
    let http = HTTPClient(transport: try OfflineTransport(folder: recording.folder))
    return (try LoopbackProxy(http: http, events: events, tunnelTimeout: timeout), events, scratch)
  }

  /// The events pushed so far, waiting up to `seconds` for the first one.
  func drain(_ events: EventQueue<WebViewEvent>, seconds: Double = 5) -> [WebViewEvent] {
    var all: [WebViewEvent] = []
    var deadline = Date(timeIntervalSinceNow: seconds)
    while let event = events.pop(before: deadline) {
      all.append(event)
      deadline = Date(timeIntervalSinceNow: 0.05)
    }
    return all
  }

  @Test func requestsInOneTunnelAreAnsweredInTurnAndLoggedWithTheirHTTPSURLs() throws {
    let (proxy, events, scratch) = try startProxy()
    defer { withExtendedLifetime(scratch) { proxy.stop() } }
    let client = try TLSTestClient(proxy, authority: "cdn.example.test:443")
    try client.handshake()
    try client.send("GET /a.txt HTTP/1.1\r\nHost: cdn.example.test\r\n\r\n")
    let first = try client.readResponse()
    #expect(first.status == 200 && first.body == "first")
    #expect(first.head.contains("Connection: keep-alive"))
    // The same tunnel carries the next request.
    try client.send("GET /b.txt?x=1 HTTP/1.1\r\nHost: cdn.example.test\r\n\r\n")
    let second = try client.readResponse()
    #expect(second.status == 200 && second.body == "second")
    let logged = drain(events).map { [$0.string("method"), $0.string("url")] }
    #expect(
      logged == [["GET", "https://cdn.example.test/a.txt"], ["GET", "https://cdn.example.test/b.txt?x=1"]])

    // Another port stays in the URL; the recording has nothing for it: a logged failure, a 502.
    let other = try TLSTestClient(proxy, authority: "cdn.example.test:8443")
    try other.handshake()
    try other.send("GET /a.txt HTTP/1.1\r\nHost: cdn.example.test:8443\r\nConnection: close\r\n\r\n")
    #expect(try other.readResponse().status == 502)
    let failed = drain(events)
    #expect(failed.first?.string("url") == "https://cdn.example.test:8443/a.txt")
    #expect(failed.first?.string("error")?.contains("no recorded response") == true, "\(failed)")
    #expect(other.closedByPeer())
  }

  @Test func aTunnelWithoutTLSOrWithAnUnfinishedRequestIsLoggedAndClosedAndTheProxyLives() throws {
    let (proxy, events, scratch) = try startProxy(timeout: 0.5)
    defer { withExtendedLifetime(scratch) { proxy.stop() } }
    func tunnelError() -> String? {
      drain(events).first { $0.string("method") == "CONNECT" }?.string("error")
    }

    // Plain text where the ClientHello belongs.
    let garbage = try TLSTestClient(proxy, authority: "cdn.example.test:443")
    garbage.sendRaw("GET /a.txt HTTP/1.1\r\nHost: cdn.example.test\r\n\r\n")
    #expect(garbage.closedByPeer())
    #expect(tunnelError()?.hasPrefix("TLS handshake") == true)

    // Nothing at all after the tunnel opened: closed at the deadline.
    let silent = try TLSTestClient(proxy, authority: "cdn.example.test:443")
    #expect(silent.closedByPeer())
    #expect(tunnelError()?.hasPrefix("TLS handshake") == true)

    // Half a request head, then the client leaves.
    let truncated = try TLSTestClient(proxy, authority: "cdn.example.test:443")
    try truncated.handshake()
    try truncated.send("GET /a.txt HTTP/1.1\r\nHost: cdn.ex")
    truncated.finish()
    #expect(truncated.closedByPeer())
    #expect(tunnelError()?.contains("ended inside a request") == true)

    // Half a request head, then nothing: closed at the deadline.
    let stalled = try TLSTestClient(proxy, authority: "cdn.example.test:443")
    try stalled.handshake()
    try stalled.send("GET /a.txt HTTP/1.1\r\n")
    #expect(stalled.closedByPeer())
    #expect(tunnelError()?.contains("ended inside a request") == true)

    // Not a host:port.
    #expect(throws: ClientError.self) { try TLSTestClient(proxy, authority: "/etc/passwd") }
    #expect(tunnelError()?.contains("not a host:port") == true)

    // The proxy still answers.
    let good = try TLSTestClient(proxy, authority: "cdn.example.test:443")
    try good.handshake()
    try good.send("GET /a.txt HTTP/1.1\r\nHost: cdn.example.test\r\n\r\n")
    #expect(try good.readResponse().body == "first")
  }

  @Test func theViewIsToldToTrustEachHostOnceBeforeItsFirstTunnelAndNoTunnelOpensWithoutIt() throws {
    let scratch = try ScratchFolder()
    let recording = try HTTPSRecording(
      in: scratch, name: "recording", [("https://cdn.example.test/a.txt", "text/plain", "first")])
    let asked = HostLog()
    let events = EventQueue<WebViewEvent>()
    let proxy = try LoopbackProxy(
      http: HTTPClient(transport: try OfflineTransport(folder: recording.folder)), events: events
    ) { host in
      asked.append(host)
      return host == "refused.example.test" ? "the engine refused" : nil
    }
    defer { proxy.stop() }
    for _ in 0..<2 {
      let client = try TLSTestClient(proxy, authority: "cdn.example.test:443")
      try client.handshake()
      try client.send("GET /a.txt HTTP/1.1\r\nHost: cdn.example.test\r\n\r\n")
      #expect(try client.readResponse().body == "first")
    }
    // A host the view could not be told to trust gets no tunnel (WebKit would refuse it).
    #expect(throws: ClientError.self) {
      try TLSTestClient(proxy, authority: "refused.example.test:443")
    }
    #expect(asked.hosts == ["cdn.example.test", "refused.example.test"])
    let refused = drain(events).first { $0.string("method") == "CONNECT" }
    #expect(refused?.string("url") == "https://refused.example.test:443")
    #expect(refused?.string("error")?.contains("the engine refused") == true)
  }
}

/// The hosts a proxy asked to trust, from its connections' threads.
final class HostLog: @unchecked Sendable {
  private let lock = NSLock()
  private var asked: [String] = []
  var hosts: [String] { lock.withLock { asked } }
  func append(_ host: String) { lock.withLock { asked.append(host) } }
}

import Foundation
import HTTPKit
import LoopbackHTTP
import Testing

@testable import WebViewKit

/// Only the engine can use the display proxy (redteam 03): another local process that finds its
/// port is refused with 407; nothing of its requests is forwarded, logged as the creative's or
/// recorded, and its CONNECT never makes the view accept a certificate. The refusals are logged
/// (`proxyrefused`) as the view closes.
@Suite(.serialized) struct ProxyAuthenticationTests {
  /// Sends `text` to the proxy as another process would and returns the answer's first line.
  func foreign(_ text: String, port: UInt16) throws -> String {
    let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(socket) }
    var limit = timeval(tv_sec: 5, tv_usec: 0)
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else { throw ClientError("connect failed: errno \(errno)") }
    _ = HTTPWire.send(ArraySlice(text.utf8), to: socket)
    var reply = [UInt8](repeating: 0, count: 512)
    let count = recv(socket, &reply, reply.count, 0)
    let answer = String(decoding: reply.prefix(max(0, count)), as: UTF8.self)
    return String(answer.prefix { $0 != "\r" })
  }

  @Test func aForeignClientIsRefusedAndNoCertificateIsTrustedForIt() throws {
    let server = try LoopbackServer()
    server.route("/secret") { _ in .text("secret-of-local-service") }
    let asked = HostLog()
    let events = EventQueue<WebViewEvent>()
    let proxy = try LoopbackProxy(http: HTTPClient(), events: events) { host in
      asked.append(host)
      return nil
    }
    defer { proxy.stop() }
    let target = server.url("/secret").absoluteString
    let get = "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
    #expect(try foreign(get, port: proxy.port).hasPrefix("HTTP/1.1 407"))
    let wrong = "GET \(target) HTTP/1.1\r\nProxy-Authorization: Basic YWRob3N0Omd1ZXNz\r\n\r\n"
    #expect(try foreign(wrong, port: proxy.port).hasPrefix("HTTP/1.1 407"))
    let tunnel = "CONNECT any-host.example:443 HTTP/1.1\r\nHost: any-host.example:443\r\n\r\n"
    #expect(try foreign(tunnel, port: proxy.port).hasPrefix("HTTP/1.1 407"))
    #expect(throws: ClientError.self) {
      try TLSTestClient(port: proxy.port, authority: "other.example:443", authorization: nil)
    }
    #expect(asked.hosts.isEmpty)
    #expect(server.requests(for: "/secret").isEmpty)
    #expect(events.pop(before: Date(timeIntervalSinceNow: 0.2)) == nil)
    let refused = proxy.refusals.events().map {
      [$0.string("method"), $0.string("target"), $0.string("reason")]
    }
    #expect(
      refused == [
        ["GET", target, "no credentials"], ["GET", target, "wrong credentials"],
        ["CONNECT", "any-host.example:443", "no credentials"],
        ["CONNECT", "other.example:443", "no credentials"],
      ])
    // The engine's credentials still open a tunnel.
    _ = try TLSTestClient(proxy, authority: "cdn.example.test:443")
    #expect(asked.hosts == ["cdn.example.test"])
  }

  @Test func anOpenViewsProxyServesItsEngineAndRefusesAnotherProcess() throws {
    let server = try LoopbackServer()
    server.route("/pixel.gif") { _ in LoopbackResponse(headers: [("Content-Type", "image/gif")], body: Data())
    }
    server.route("/foreign") { _ in .text("secret-of-local-service") }
    var configuration = WebView.Configuration(width: 300, height: 250)
    configuration.loadTimeout = 10
    let view = try WebView(configuration: configuration, http: HTTPClient())
    let box = EventBox()
    view.onEvent = { box.events.append($0) }
    let page = try #require(URL(string: "https://ads.example/creative.html"))
    let pixel = server.url("/pixel.gif").absoluteString
    try view.loadHTML(#"<img src="\#(pixel)"><img src="\#(pixel)?2">"#, baseURL: page)
    let foreignURL = server.url("/foreign").absoluteString
    let answers = [
      try foreign("GET \(foreignURL) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", port: view.proxy.port),
      try foreign("CONNECT any-host.example:443 HTTP/1.1\r\n\r\n", port: view.proxy.port),
    ]
    // The proxy keeps nothing of the requests it answered (its memory does not grow with them).
    #expect(view.proxy.server.requests.isEmpty)
    view.close()
    #expect(answers.allSatisfy { $0.hasPrefix("HTTP/1.1 407") }, "\(answers)")
    #expect(server.requests(for: "/foreign").isEmpty)
    let requests = box.events.filter { $0.type == "request" }.compactMap { $0.string("url") }
    #expect(requests.sorted() == [pixel, pixel + "?2"], "\(box.events)")
    // The engine's own first try met the challenge too: it is not logged, only the others are,
    // just before the close.
    let refused = box.events.filter { $0.type == "proxyrefused" }.map {
      [$0.string("method"), $0.string("target")]
    }
    #expect(refused == [["GET", foreignURL], ["CONNECT", "any-host.example:443"]], "\(box.events)")
    #expect(Array(box.types.suffix(3)) == ["proxyrefused", "proxyrefused", "close"])
  }
}

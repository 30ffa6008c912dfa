import Foundation
import HTTPKit
import LoopbackHTTP
import Testing
import WebViewKit

/// `click` returns once what the click set off reached a defined point: an allowed navigation's
/// document was answered and its load ended; requests the page started were answered. So a run
/// that ends right after a click has the same timeline every time.
@Suite(.serialized) struct SettledClickTests {
  /// A server on 127.0.0.1 whose `/slow…` answers come after `delay` seconds.
  private func slowServer(delay: Double) throws -> LoopbackServer {
    let server = try LoopbackServer()
    server.fallback { request in
      if request.path.hasPrefix("/slow") { Thread.sleep(forTimeInterval: delay) }
      if request.path.hasSuffix(".svg") {
        return .text(
          #"<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>"#, type: "image/svg+xml")
      }
      return .text("<p>landed</p>", type: "text/html")
    }
    return server
  }

  private func openView() throws -> (WebView, EventBox) {
    let http = HTTPClient(policy: TransportPolicy(allowsArbitraryLoads: true), timeout: 5)
    let view = try WebView(configuration: WebView.Configuration(width: 200, height: 100), http: http)
    let box = EventBox()
    view.onEvent = { box.events.append($0) }
    return (view, box)
  }

  @Test func aClickOnAnAllowedLinkReturnsAfterItsSlowPageWasAnsweredAndLoaded() throws {
    let server = try slowServer(delay: 0.4)
    defer { server.stop() }
    let (view, box) = try openView()
    defer { view.close() }
    let target = server.url("/slow/landing").absoluteString
    try view.loadHTML(
      #"<body style="margin:0"><a href="\#(target)" style="display:block;width:200px;height:100px">go</a></body>"#,
      baseURL: server.url("/creative"))
    let before = box.events.count
    try view.click(x: 100, y: 50)

    // When click returned: the decision, then the load's start, its document's answer, its end.
    let after = Array(box.events[before...])
    let types = after.map(\.type)
    let navigation = try #require(after.firstIndex { $0.type == "navigation" }, "\(types)")
    #expect(after[navigation].string("decision") == "allow")
    let started = try #require(after.firstIndex { $0.type == "loadstart" }, "\(types)")
    let request = try #require(
      after.firstIndex { $0.type == "request" && $0.string("url") == target }, "\(types)")
    let finished = try #require(
      after.firstIndex { $0.type == "loadfinish" && $0.string("url") == target }, "\(types)")
    #expect(navigation < started && started < request && request < finished, "\(types)")
    // The load's start names the page it goes to (WebKit's view URI is still the old page's then).
    #expect(after[started].string("url") == target)
    #expect(!types.contains("loadtimeout"), "\(types)")
  }

  @Test func aRequestTheClickStartedIsAnsweredAndLoggedBeforeTheViewCloses() throws {
    let server = try slowServer(delay: 0.4)
    defer { server.stop() }
    let (view, box) = try openView()
    let pixel = server.url("/slow/pixel.svg").absoluteString
    try view.loadHTML(
      #"<body style="margin:0;height:100px" onclick="new Image().src='\#(pixel)'"></body>"#,
      baseURL: server.url("/creative"))
    try view.click(x: 100, y: 50)
    view.close(reason: "end of run")

    let types = box.events.map(\.type)
    let request = try #require(
      box.events.firstIndex { $0.type == "request" && $0.string("url") == pixel }, "\(types)")
    #expect(box.events[request].fields.first { $0.key == "status" }?.value == .number(200))
    #expect(request < types.lastIndex(of: "close") ?? -1, "\(types)")
    #expect(server.requests(for: "/slow/pixel.svg").count == 1)
  }
}

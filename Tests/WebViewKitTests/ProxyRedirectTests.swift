import Foundation
import HTTPKit
import LoopbackHTTP
import Testing
import WebViewKit

/// A redirect the engine's request gets is WebKit's to follow: the proxy answers it as is, so the
/// view's policy decides its target (as a WKWebView's navigation delegate does) before anything
/// is requested from there.
@Suite(.serialized) struct ProxyRedirectTests {
  /// A view showing one link over its whole area to `/click` on `server`, which redirects to
  /// `/landing` (a page); `policy` is the view's policy, given the landing URL.
  private func openLinkToRedirect(
    _ server: LoopbackServer, policy: (String) -> (NavigationRequest) -> NavigationDecision
  ) throws -> (view: WebView, box: EventBox, click: String, landing: String) {
    let landing = server.url("/landing").absoluteString
    server.fallback { request in
      request.path == "/click" ? .redirect(to: landing) : .text("<p>landed</p>", type: "text/html")
    }
    let http = HTTPClient(policy: TransportPolicy(allowsArbitraryLoads: true), timeout: 5)
    let view = try WebView(configuration: WebView.Configuration(width: 200, height: 100), http: http)
    let box = EventBox()
    view.onEvent = { box.events.append($0) }
    view.policy = policy(landing)
    let click = server.url("/click").absoluteString
    do {
      try view.loadHTML(
        #"<body style="margin:0"><a href="\#(click)" style="display:block;width:200px;height:100px">go</a></body>"#,
        baseURL: server.url("/creative"))
    } catch {
      view.close()
      throw error
    }
    return (view, box, click, landing)
  }

  @Test func anAllowedLinkThatRedirectsAsksThePolicyAboutTheTargetBeforeItIsRequested() throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let (view, box, click, landing) = try openLinkToRedirect(server) { landing in
      { $0.url == landing ? .openOutside : .allow }
    }
    defer { view.close() }
    try view.click(x: 100, y: 50)

    let decided = box.events.filter { $0.type == "navigation" }.map {
      [$0.string("url"), $0.string("decision")]
    }
    #expect(decided == [[click, "allow"], [landing, "outside"]], "\(box.events.map(\.type))")
    let requested = box.events.filter { $0.type == "request" }.map { $0.string("url") }
    #expect(requested == [click], "\(requested)")
    let clickRequest = box.events.first { $0.type == "request" && $0.string("url") == click }
    #expect(clickRequest?.fields.first { $0.key == "status" }?.value == .number(302))
    #expect(server.requests(for: "/landing").isEmpty)
    #expect(!box.events.contains { $0.type == "loadfinish" && $0.string("url") == landing })
  }

  @Test func anAllowedRedirectIsRequestedAndLoadedBeforeTheClickReturns() throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let (view, box, click, landing) = try openLinkToRedirect(server) { _ in { _ in .allow } }
    defer { view.close() }
    let before = box.events.count
    try view.click(x: 100, y: 50)

    let after = box.events[before...].map { [$0.type, $0.string("url") ?? "", $0.string("decision") ?? ""] }
    #expect(
      after == [
        ["click", "", ""], ["navigation", click, "allow"], ["loadstart", click, ""], ["request", click, ""],
        ["navigation", landing, "allow"], ["request", landing, ""], ["loadfinish", landing, ""],
      ], "\(after)")
  }
}

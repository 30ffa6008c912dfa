import Foundation
import HTTPKit
import LoopbackHTTP
import Testing
import WebViewKit

/// Creatives that misbehave: each is logged with what happened, and the host lives.
@Suite(.serialized) struct WebViewBadInputTests {
  let base = URL(string: "https://omnibox.digital/ads/direct?plc=test") ?? URL(fileURLWithPath: "/")

  /// A view whose events are kept, with a policy that opens every non-OMNIBOX URL outside.
  /// Deadlines generous enough for a loaded CI machine, except where a test waits for one to pass.
  func openView(
    loadTimeout: Double = 10, commandTimeout: Double = 5, http: HTTPClient = HTTPClient()
  ) throws -> (WebView, EventBox) {
    var configuration = WebView.Configuration(width: 300, height: 250)
    configuration.loadTimeout = loadTimeout
    configuration.commandTimeout = commandTimeout
    let view = try WebView(configuration: configuration, http: http)
    let box = EventBox()
    view.onEvent = { box.events.append($0) }
    view.policy = { $0.url.contains("://omnibox.digital/") ? .allow : .openOutside }
    return (view, box)
  }

  @Test func aLoadThatNeverFinishesTimesOutAndIsStopped() throws {
    let server = try LoopbackServer()
    server.route("/never") { _ in LoopbackResponse(body: Data("x".utf8), fault: .delay(2.5)) }
    // The image's request goes to the host's proxy, which asks the server, which never answers.
    let http = HTTPClient(policy: TransportPolicy(allowsArbitraryLoads: true), timeout: 2)
    let (view, box) = try openView(loadTimeout: 1, http: http)
    defer { view.close() }
    try view.loadHTML(#"<img src="\#(server.url("/never").absoluteString)">"#, baseURL: base)
    #expect(box.types.contains("loadtimeout"))
    #expect(box.types.contains("stopped"))
    #expect(!box.types.contains("loadfinish"))
  }

  @Test func plainHTTPSubresourcesKeepTheATSRule() throws {
    // The default client: arbitrary loads not allowed (no --allow-http).
    let (view, box) = try openView()
    defer { view.close() }
    // An http page: from an https one WebKit upgrades or blocks the image itself (mixed content).
    let page = try #require(URL(string: "http://ads.example/creative.html"))
    try view.loadHTML(#"<img src="http://pixel.example/imp.gif">"#, baseURL: page)
    let refused = box.events.first {
      $0.type == "request" && $0.string("url") == "http://pixel.example/imp.gif"
    }
    #expect(refused?.string("error")?.contains("plain http is refused") == true, "\(box.events)")
    #expect(box.types.contains("loadfinish"))
  }

  @Test func aScriptThatLoopsIsStoppedAndTheHostLives() throws {
    let (view, box) = try openView(commandTimeout: 1.5)
    defer { view.close() }
    try view.loadHTML(
      "<body style='background:#0a0'><script>setTimeout(function(){ for(;;){} }, 0)</script></body>",
      baseURL: base)
    #expect(box.types.contains("loadfinish"))
    // The page no longer answers: the click's round trip times out, and the page is stopped.
    try view.click(x: 10, y: 10)
    #expect(box.types.contains("stopped"))
    #expect(box.types.contains("terminated"))
    #expect(!view.isClosed)
  }

  @Test func selfNavigationWindowOpenAndWindowCloseAreLoggedWithTheirDecisions() throws {
    let (view, box) = try openView()
    defer { view.close() }
    let html = """
      <body style="margin:0">
      <div id="open" style="width:300px;height:250px"
           onclick="window.open('https://popup.example/'); window.close()"></div>
      <script>window.onload = function () { location.href = "https://redirect.example/auto"; };</script>
      </body>
      """
    try view.loadHTML(html, baseURL: base)
    // The page navigates itself, without a click: the policy sees no user gesture. (loadHTML
    // returns once the page's loads settled: the navigation may have been decided by then.)
    let selfNavigation =
      try box.events.first { $0.type == "navigation" } ?? view.waitForEvent("navigation", seconds: 5)
    #expect(selfNavigation?.string("url") == "https://redirect.example/auto")
    #expect(selfNavigation?.bool("userGesture") == false)
    #expect(selfNavigation?.string("decision") == "outside")

    try view.click(x: 150, y: 120)
    // window.open opens no new view (WKWebView without a UIDelegate): logged, nothing opened.
    let popup = box.events.first { $0.type == "newviewrefused" }
    #expect(popup?.string("url") == "https://popup.example/", "\(box.events)")
    #expect(popup?.bool("userGesture") == true)
    #expect(
      !box.events.contains { $0.type == "openedoutside" && $0.string("url") == "https://popup.example/" })
    // WebKit reports window.close() a moment later: wait for it, then the view is still open.
    if !box.types.contains("closerequested") { try view.waitForEvent("closerequested", seconds: 5) }
    #expect(box.types.contains("closerequested"))
    #expect(!view.isClosed)
    let shot = FileManager.default.temporaryDirectory.appendingPathComponent("adhost-\(UUID()).png").path
    defer { try? FileManager.default.removeItem(atPath: shot) }
    #expect(try view.screenshot(to: shot).width == 300)
  }
}

/// Events a test keeps.
final class EventBox {
  var events: [WebViewEvent] = []
  var types: [String] { events.map(\.type) }
}

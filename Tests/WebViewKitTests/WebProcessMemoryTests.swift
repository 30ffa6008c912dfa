import Foundation
import HTTPKit
import Testing
import WebViewKit

/// A creative's web process has a memory limit (WebKit's memory-pressure settings): one that
/// allocates far past it is ended and reported, and the view stays open.
@Suite(.serialized) struct WebProcessMemoryTests {
  @Test func aCreativeAllocatingPastTheLimitIsEndedAndReported() throws {
    var configuration = WebView.Configuration(width: 100, height: 100)
    configuration.webProcessMemoryMB = 256
    let view = try WebView(configuration: configuration, http: HTTPClient())
    defer { view.close() }
    let box = EventBox()
    view.onEvent = { box.events.append($0) }
    let page = try #require(URL(string: "https://ads.example/creative.html"))
    // 64 MiB more every 50 ms, each page of it written, until the process is ended (1 GiB at most,
    // four times the limit).
    try view.loadHTML(
      """
      <body><script>
      var kept = [];
      var timer = setInterval(function () {
        if (kept.length >= 16) return clearInterval(timer);
        var block = new Float64Array(8 << 20); block.fill(1.5); kept.push(block);
      }, 50);
      </script></body>
      """, baseURL: page)
    let ended = try view.waitForEvent("terminated", seconds: 30)
    #expect(ended?.string("reason") == "exceeded its memory limit", "\(box.types)")
    #expect(!view.isClosed)
  }

  @Test func aLimitOutsideItsRangeIsRefused() {
    var configuration = WebView.Configuration(width: 100, height: 100)
    configuration.webProcessMemoryMB = 64
    #expect(throws: WebViewError.self) { try WebView(configuration: configuration, http: HTTPClient()) }
  }
}

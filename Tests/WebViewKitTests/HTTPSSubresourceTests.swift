import Foundation
import HTTPKit
import Testing
import WebViewKit

/// https subresources of a creative go through the host: WebKit's tunnel ends in the host's
/// proxy, whose client answers them (here from a recording: tests serve only on 127.0.0.1, and
/// only plain http) and records them, as `--offline` and `--record` do.
@Suite(.serialized) struct HTTPSSubresourceTests {
  @Test func anHTTPSImageAndScriptAreAnsweredByTheHostLoggedShownAndRecorded() throws {
    let scratch = try ScratchFolder()
    let image = "https://cdn.example.test/creative/fill.svg"
    let script = "https://cdn.example.test/creative/ready.js?v=1"
    let upstream = try HTTPSRecording(
      in: scratch, name: "upstream",
      [
        (
          image, "image/svg+xml",
          ##"<svg xmlns="http://www.w3.org/2000/svg" width="300" height="250"><rect width="300" height="250" fill="#0a0"/></svg>"##
        ),
        (script, "text/javascript", #"console.log("script over https ran");"#),
      ])
    let captured = scratch.url.appendingPathComponent("captured")
    // --record's transport, in front of --offline's: what the engine asked for is replayed and recorded.
    let transport = try RecordingTransport(
      folder: captured, upstream: OfflineTransport(folder: upstream.folder))
    let view = try WebView(
      configuration: WebView.Configuration(width: 300, height: 250), http: HTTPClient(transport: transport))
    defer { view.close() }
    let box = EventBox()
    view.onEvent = { box.events.append($0) }
    let page = try #require(URL(string: "https://ads.example.test/creative.html"))
    try view.loadHTML(
      #"<body style="margin:0"><img src="\#(image)" width="300" height="250"><script src="\#(script)"></script></body>"#,
      baseURL: page)

    // Both logged with their https URLs, answered by the host's client.
    let requests = box.events.filter { $0.type == "request" }
    for url in [image, script] {
      let request = requests.first { $0.string("url") == url }
      #expect(request?.string("method") == "GET", "\(requests)")
      #expect(request?.fields.first { $0.key == "status" }?.value == .number(200), "\(requests)")
    }
    #expect(box.events.contains { $0.type == "console" && $0.string("message") == "script over https ran" })
    // The image filled the slot.
    let shot = scratch.path("shot.png")
    _ = try view.screenshot(to: shot)
    #expect(try PNGImage(path: shot).fractionDiffering(from: [0, 0xaa, 0, 0xff]) <= 0.1)
    // And the recording has both (index.json is written as the recording finishes, as at a run's end).
    transport.finish()
    let recorded = try HTTPSRecording.urls(in: captured)
    #expect(recorded.contains(image) && recorded.contains(script), "\(recorded)")
  }
}

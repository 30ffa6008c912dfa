import Foundation
import HTTPKit
import Testing

@testable import WebViewKit

/// A creative's console output is bounded (redteam 14): each message is cut to 4096 bytes with
/// "… N bytes more", a view passes on 1000 messages and then reports how many it dropped, and
/// the host reads the helper's output in bounded lines.
@Suite(.serialized) struct ConsoleBoundsTests {
  let base = URL(string: "https://ads.example/creative.html") ?? URL(fileURLWithPath: "/")

  func show(_ script: String) throws -> [WebViewEvent] {
    var configuration = WebView.Configuration(width: 100, height: 100)
    configuration.loadTimeout = 20
    let view = try WebView(configuration: configuration, http: HTTPClient())
    let box = EventBox()
    view.onEvent = { box.events.append($0) }
    try view.loadHTML("<body><script>\(script)</script></body>", baseURL: base)
    view.close()
    return box.events
  }

  @Test func aLongMessageIsCutAtACharacterWithTheBytesLeftOut() throws {
    let events = try show(
      """
      console.log('x'.repeat(10000)); console.warn('é'.repeat(3000)); console.info('short', 1);
      window.webkit.messageHandlers.adhostConsole.postMessage({level: 'l'.repeat(100), message: 'y'.repeat(5000000)});
      """)
    let messages = events.filter { $0.type == "console" }.map { [$0.string("level"), $0.string("message")] }
    #expect(
      messages == [
        ["log", String(repeating: "x", count: 4096) + "… 5904 bytes more"],
        ["warn", String(repeating: "é", count: 2048) + "… 1904 bytes more"],
        ["info", "short 1"],
        ["log", String(repeating: "y", count: 4096) + "… 4995904 bytes more"],
      ], "\(messages.map { $0.map { $0?.prefix(40) } })")
    #expect(!events.contains { $0.type == "consoledropped" })
  }

  @Test func pastAThousandMessagesTheRestAreCountedInOneLine() throws {
    let events = try show("for (var i = 0; i < 1500; i++) console.log('line ' + i);")
    let console = events.filter { $0.type == "console" }
    #expect(console.count == 1000)
    #expect(console.last?.string("message") == "line 999")
    let dropped = events.filter { $0.type == "consoledropped" }
    #expect(dropped.count == 1)
    #expect(dropped.first?["count"] == .number(500))
    #expect(Array(events.map(\.type).suffix(2)) == ["consoledropped", "close"])
  }

  @Test func theHelpersLinesAreBoundedAndEachByteIsReadOnce() {
    var lines = HelperLines(maxBytes: 1000)
    var pieces: [HelperLines.Piece] = []
    // A line split over reads, a line far over the bound in small reads, then a line after it.
    pieces += lines.feed(Data("{\"a\":".utf8))
    pieces += lines.feed(Data("1}\n".utf8))
    for _ in 0..<100 { pieces += lines.feed(Data(repeating: 0x78, count: 640)) }
    pieces += lines.feed(Data("x\n{\"b\":2}\nrest".utf8))
    #expect(
      pieces == [
        .line(Data("{\"a\":1}".utf8)), .overlong(bytes: 64001), .line(Data("{\"b\":2}".utf8)),
      ])
    // A line of exactly the bound is kept; one byte more is not.
    var exact = HelperLines(maxBytes: 4)
    #expect(exact.feed(Data("abcd\nabcde\n".utf8)) == [.line(Data("abcd".utf8)), .overlong(bytes: 5)])
  }
}

import Foundation
import HTTPTestSupport
import LoopbackHTTP

/// An ad server on 127.0.0.1 for the tests: OMNIBOX's direct endpoint answering a wrapper, the
/// inline ad it leads to, and beacon endpoints that answer 204 and count what they get.
final class AdServer {
  let server: LoopbackServer

  init(adDuration: String = "00:00:10", skipOffset: String = "00:00:05") throws {
    server = try LoopbackServer()
    let base = server.baseURL.absoluteString
    let inline = Self.inline(base: base, duration: adDuration, skipOffset: skipOffset)
    let wrapper = Self.wrapper(base: base)
    server.route("/ads/direct") { _ in .text(wrapper, type: "application/xml") }
    server.route("/inline.xml") { _ in .text(inline, type: "application/xml") }
    server.route("/empty.xml") { _ in
      .text(
        #"<VAST version="4.1"><Error><![CDATA[\#(base)/err?code=[ERRORCODE]]]></Error></VAST>"#,
        type: "application/xml")
    }
    server.fallback { request in
      request.path.hasPrefix("/t/") || request.path.hasPrefix("/err")
        ? LoopbackResponse(status: 204) : .notFound
    }
  }

  deinit { server.stop() }

  var base: String { server.baseURL.absoluteString }

  /// The beacon events the server received, in order (`impression`, `start`, …).
  var beacons: [String] { TestVAST.beaconEvents(server.requests.map(\.path)) }

  /// The `code` values that error beacons carried.
  var errorCodes: [String] { server.requests(for: "/err").compactMap { $0.query["code"] } }

  static func wrapper(base: String) -> String {
    """
    <VAST version="4.1"><Ad id="w1"><Wrapper>
      <AdSystem>OMNIBOX</AdSystem>
      <VASTAdTagURI><![CDATA[\(base)/inline.xml]]></VASTAdTagURI>
      <Error><![CDATA[\(base)/err?code=[ERRORCODE]&by=wrapper]]></Error>
      <Impression><![CDATA[\(base)/t/impression?by=wrapper]]></Impression>
      <Creatives><Creative><Linear><TrackingEvents>
        <Tracking event="start"><![CDATA[\(base)/t/start?by=wrapper]]></Tracking>
      </TrackingEvents></Linear></Creative></Creatives>
    </Wrapper></Ad></VAST>
    """
  }

  /// The inline ad (TestVAST's) with a skip offset, an Error URL, a click-through and media
  /// files of 640 × 360 and 1920 × 1080.
  static func inline(base: String, duration: String, skipOffset: String) -> String {
    TestVAST.inline(
      base: base, duration: duration, skipOffset: skipOffset, errorURL: true,
      clickThrough: "https://advertiser.example/",
      mediaFiles: [
        .init(url: "https://media.example/640.mp4", width: 640, height: 360, bitrate: 800),
        .init(url: "https://media.example/1080.mp4", width: 1920, height: 1080, bitrate: 4000),
      ])
  }
}

import Foundation
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
  var beacons: [String] {
    server.requests.filter { $0.path.hasPrefix("/t/") }.map { String($0.path.dropFirst(3)) }
  }

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

  static func inline(base: String, duration: String, skipOffset: String) -> String {
    """
    <VAST version="4.1"><Ad id="ad-1"><InLine>
      <AdSystem>Test DSP</AdSystem><AdTitle>Test ad</AdTitle>
      <Impression><![CDATA[\(base)/t/impression]]></Impression>
      <Error><![CDATA[\(base)/err?code=[ERRORCODE]]]></Error>
      <Creatives><Creative id="cr-1"><Linear skipoffset="\(skipOffset)">
        <Duration>\(duration)</Duration>
        <TrackingEvents>
          <Tracking event="start"><![CDATA[\(base)/t/start]]></Tracking>
          <Tracking event="firstQuartile"><![CDATA[\(base)/t/firstQuartile]]></Tracking>
          <Tracking event="midpoint"><![CDATA[\(base)/t/midpoint]]></Tracking>
          <Tracking event="thirdQuartile"><![CDATA[\(base)/t/thirdQuartile]]></Tracking>
          <Tracking event="complete"><![CDATA[\(base)/t/complete]]></Tracking>
          <Tracking event="skip"><![CDATA[\(base)/t/skip]]></Tracking>
        </TrackingEvents>
        <VideoClicks><ClickThrough><![CDATA[https://advertiser.example/]]></ClickThrough></VideoClicks>
        <MediaFiles>
          <MediaFile delivery="progressive" type="video/mp4" width="640" height="360" bitrate="800"><![CDATA[https://media.example/640.mp4]]></MediaFile>
          <MediaFile delivery="progressive" type="video/mp4" width="1920" height="1080" bitrate="4000"><![CDATA[https://media.example/1080.mp4]]></MediaFile>
        </MediaFiles>
      </Linear></Creative></Creatives>
    </InLine></Ad></VAST>
    """
  }
}

import Foundation
import LoopbackHTTP

/// A stream and ad server on 127.0.0.1: a 30 s HLS VOD playlist with one interstitial at 10 s
/// (an asset list of one 4 s asset that carries a VAST tag), the asset's playlist, an inline
/// VAST ad of 4 s, and beacon endpoints (`/t/EVENT`) that answer 204 and keep what they get.
final class AdStreamServer {
  let server: LoopbackServer

  init() throws {
    server = try LoopbackServer()
    let base = server.baseURL.absoluteString
    server.route("/content/index.m3u8") { _ in
      .text(Self.contentPlaylist, type: "application/vnd.apple.mpegurl")
    }
    server.route("/list.json") { _ in
      .text(
        #"{"ASSETS": [{"URI": "\#(base)/ad.m3u8", "DURATION": 4, "X-VAST-URI": "\#(base)/vast.xml"}]}"#,
        type: "application/json")
    }
    server.route("/ad.m3u8") { _ in
      .text(
        "#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4,\na.ts\n#EXT-X-ENDLIST\n",
        type: "application/vnd.apple.mpegurl")
    }
    server.route("/vast.xml") { _ in .text(Self.inline(base: base), type: "application/xml") }
    server.fallback { request in request.path.hasPrefix("/t/") ? LoopbackResponse(status: 204) : .notFound }
  }

  deinit { server.stop() }

  var base: String { server.baseURL.absoluteString }

  /// The beacon events the server received, in the order they arrived.
  var beacons: [String] {
    server.requests.filter { $0.path.hasPrefix("/t/") }.map { String($0.path.dropFirst(3)) }
  }

  static let contentPlaylist =
    """
    #EXTM3U
    #EXT-X-TARGETDURATION:10
    #EXT-X-PROGRAM-DATE-TIME:2026-11-29T12:00:00.000Z
    #EXT-X-DATERANGE:ID="break-1",CLASS="com.apple.hls.interstitial",START-DATE="2026-11-29T12:00:10.000Z",\
    X-ASSET-LIST="/list.json",X-RESUME-OFFSET=0
    #EXTINF:10,
    s0.ts
    #EXTINF:10,
    s1.ts
    #EXTINF:10,
    s2.ts
    #EXT-X-ENDLIST

    """

  static func inline(base: String) -> String {
    """
    <VAST version="4.1"><Ad id="ad-1"><InLine>
      <AdSystem>Test DSP</AdSystem><AdTitle>Test ad</AdTitle>
      <Impression><![CDATA[\(base)/t/impression]]></Impression>
      <Creatives><Creative id="cr-1"><Linear>
        <Duration>00:00:04</Duration>
        <TrackingEvents>
          <Tracking event="start"><![CDATA[\(base)/t/start]]></Tracking>
          <Tracking event="firstQuartile"><![CDATA[\(base)/t/firstQuartile]]></Tracking>
          <Tracking event="midpoint"><![CDATA[\(base)/t/midpoint]]></Tracking>
          <Tracking event="thirdQuartile"><![CDATA[\(base)/t/thirdQuartile]]></Tracking>
          <Tracking event="complete"><![CDATA[\(base)/t/complete]]></Tracking>
        </TrackingEvents>
        <MediaFiles>
          <MediaFile delivery="progressive" type="video/mp4" width="640" height="360"><![CDATA[\(base)/ad.mp4]]></MediaFile>
        </MediaFiles>
      </Linear></Creative></Creatives>
    </InLine></Ad></VAST>
    """
  }
}

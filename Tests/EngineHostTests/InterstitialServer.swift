import Foundation
import LoopbackHTTP
import MediaWriter
import RealMedia

/// An HLS Interstitials stream of real media on 127.0.0.1, for `plugins/interstitials.lua`: 12 s
/// of primary content (H.264 + AAC TS, 2 s segments) whose playlist schedules one mid-roll
/// interstitial at 6 s (`X-ASSET-LIST`, `X-RESUME-OFFSET=0`). Its asset list names a 4 s real
/// ad with a VAST tag (`X-VAST-URI`, whose tracking events go to `/track/ad1/…`, answered 204)
/// and a second asset whose playlist is gone (404), which plays the content on; with `rolls`, a
/// pre-roll and a post-roll of the ad too.
final class InterstitialServer: ServedSource, Sendable {
  /// Where the interstitial begins in the primary content, seconds.
  static let breakTime = 6.0
  /// The ad's length, seconds.
  static let adSeconds = 4.0
  /// The VAST tracking events of the ad, as the tag names them.
  static let trackedEvents = [
    "impression", "start", "firstQuartile", "midpoint", "thirdQuartile", "complete",
  ]

  let server: LoopbackServer

  /// With `rolls`, a pre-roll and a post-roll of the same ad (`X-ASSET-URI`) too. With
  /// `segmentsGone`, the list's ad is a playlist whose segments are gone (404): its duration is
  /// known, but no engine can play it.
  init(rolls: Bool = false, segmentsGone: Bool = false) throws {
    server = try LoopbackServer()
    let base = server.baseURL.absoluteString
    let primary = try RealStream(
      spec: #"{"format": "hls-ts", "duration": 12, "segmentDuration": 2}"#)
    primary.serve(on: server, under: "/main/")
    let ad = try RealStream(
      spec: #"{"format": "hls-ts", "duration": \#(Self.adSeconds), "segmentDuration": 2}"#)
    ad.serve(on: server, under: "/ad1/")
    let adPlaylist = String(decoding: ad.stream.file(named: ad.stream.manifestName) ?? [], as: UTF8.self)
    server.route("/broken/media.m3u8") { _ in .text(adPlaylist, type: "application/vnd.apple.mpegurl") }
    let adFolder = segmentsGone ? "broken" : "ad1"
    let playlist = Self.scheduling(
      primary.stream.file(named: primary.stream.manifestName) ?? [], base: base, rolls: rolls)
    server.route("/main/index.m3u8") { _ in .text(playlist, type: "application/vnd.apple.mpegurl") }
    server.route("/lists/mid1.json") { _ in
      .text(
        """
        {"ASSETS": [{"URI": "\(base)/\(adFolder)/media.m3u8", "DURATION": \(Self.adSeconds), "X-VAST-URI": "\(base)/vast/ad1.xml"},
                    {"URI": "\(base)/gone/media.m3u8", "DURATION": 2}]}
        """, type: "application/json")
    }
    server.route("/vast/ad1.xml") { _ in .text(Self.vast(base: base), type: "application/xml") }
    server.fallback { request in
      request.path.hasPrefix("/track/") ? LoopbackResponse(status: 204) : .notFound
    }
  }

  deinit { server.stop() }

  var sourceJSON: String {
    """
    {"sources": [{"src": "\(server.baseURL.absoluteString)/main/index.m3u8", "type": "application/x-mpegurl",
      "ssai": {"integration": "interstitials"}}]}
    """
  }

  /// The primary playlist with its program date-time and the interstitials' date ranges.
  private static func scheduling(_ playlist: [UInt8], base: String, rolls: Bool) -> String {
    let kind = "CLASS=\"com.apple.hls.interstitial\""
    var ranges = [
      "ID=\"mid1\",\(kind),START-DATE=\"2026-01-01T00:00:0\(Int(breakTime)).000Z\","
        + "X-ASSET-LIST=\"\(base)/lists/mid1.json\",X-RESUME-OFFSET=0"
    ]
    if rolls {
      let ad = "X-ASSET-URI=\"\(base)/ad1/media.m3u8\""
      ranges.insert("ID=\"pre\",\(kind),START-DATE=\"2026-01-01T00:00:00.000Z\",CUE=\"PRE\",\(ad)", at: 0)
      ranges.append("ID=\"post\",\(kind),START-DATE=\"2026-01-01T00:00:00.000Z\",CUE=\"POST\",\(ad)")
    }
    let lines = String(decoding: playlist, as: UTF8.self).split(
      separator: "\n", omittingEmptySubsequences: false)
    var out: [String] = []
    for line in lines {
      if line.hasPrefix("#EXTINF"), !out.contains(where: { $0.hasPrefix("#EXT-X-PROGRAM-DATE-TIME") }) {
        out.append("#EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:00.000Z")
        out += ranges.map { "#EXT-X-DATERANGE:" + $0 }
      }
      out.append(String(line))
    }
    return out.joined(separator: "\n")
  }

  private static func vast(base: String) -> String {
    let tracking = trackedEvents.dropFirst().map {
      "<Tracking event=\"\($0)\"><![CDATA[\(base)/track/ad1/\($0)]]></Tracking>"
    }
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <VAST version="4.1"><Ad id="ad1"><InLine><AdSystem>adhost test</AdSystem><AdTitle>ad1</AdTitle>
      <Impression><![CDATA[\(base)/track/ad1/impression]]></Impression>
      <Creatives><Creative id="cr-ad1"><Linear><Duration>00:00:04.000</Duration>
      <TrackingEvents>\(tracking.joined())</TrackingEvents>
      <MediaFiles><MediaFile delivery="streaming" type="application/x-mpegURL" width="640" height="360"><![CDATA[\(base)/ad1/media.m3u8]]></MediaFile></MediaFiles>
      </Linear></Creative></Creatives></InLine></Ad></VAST>
      """
  }
}

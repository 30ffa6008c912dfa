import Foundation
import HTTPTestSupport
import LoopbackHTTP

/// A stream and ad server on 127.0.0.1: a 30 s HLS VOD playlist with one interstitial at 10 s
/// (an asset list of one 4 s asset that carries a VAST tag), the asset's playlist, an inline
/// VAST ad of 4 s, and beacon endpoints (`/t/EVENT`) that answer 204 and keep what they get.
final class AdStreamServer {
  let server: LoopbackServer

  /// `assetMembers`: more members of the list's asset (JSON text after a comma, `${BASE}` the
  /// server's URL), such as its SVTA creative signaling.
  init(assetMembers: String = "") throws {
    server = try LoopbackServer()
    let base = server.baseURL.absoluteString
    let members = assetMembers.replacingOccurrences(of: "${BASE}", with: base)
    server.route("/content/index.m3u8") { _ in
      .text(Self.contentPlaylist, type: "application/vnd.apple.mpegurl")
    }
    server.route("/list.json") { _ in
      .text(
        #"{"ASSETS": [{"URI": "\#(base)/ad.m3u8", "DURATION": 4, "X-VAST-URI": "\#(base)/vast.xml"\#(members)}]}"#,
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
  var beacons: [String] { TestVAST.beaconEvents(server.requests.map(\.path)) }

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

  /// The inline ad (TestVAST's) of 4 s, its one media file on this server.
  static func inline(base: String) -> String {
    TestVAST.inline(
      base: base, duration: "00:00:04",
      mediaFiles: [.init(url: "\(base)/ad.mp4", width: 640, height: 360)]
    )
  }
}

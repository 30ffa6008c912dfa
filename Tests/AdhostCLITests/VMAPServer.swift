import Foundation
import LoopbackHTTP

/// An ad server on 127.0.0.1 for VMAP runs: `AdServer`'s tags (a 4 s `ad-1` at `/inline.xml`, a
/// wrapper at `/ads/direct`), a two-ad pod at `/pod.xml`, the schedule at `/vmap.xml` and HLS
/// content at `/content.m3u8`; beacons under `/t/` and `/err` answer 204.
final class VMAPServer {
  let ads: AdServer
  var server: LoopbackServer { ads.server }
  var base: String { ads.base }

  /// `breaks` are `<vmap:AdBreak>` elements; `BASE` in them becomes the server's URL.
  init(breaks: String, playlist: String? = nil) throws {
    ads = try AdServer(adDuration: "00:00:04")
    let base = ads.base
    let vmap = """
      <vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0">
      \(breaks.replacingOccurrences(of: "BASE", with: base))
      </vmap:VMAP>
      """
    ads.server.route("/vmap.xml") { _ in .text(vmap, type: "application/xml") }
    let pod = """
      <VAST version="4.1">\(Self.inlineAd("p1", seconds: 3, sequence: 1))\(Self.inlineAd("p2", seconds: 3, sequence: 2))</VAST>
      """
    ads.server.route("/pod.xml") { _ in .text(pod, type: "application/xml") }
    if let playlist {
      ads.server.route("/content.m3u8") { _ in .text(playlist, type: "application/vnd.apple.mpegurl") }
    }
  }

  /// One InLine ad of `seconds` (no tracking of its own).
  static func inlineAd(_ id: String, seconds: Int, sequence: Int? = nil) -> String {
    let sequenceAttribute = sequence.map { #" sequence="\#($0)""# } ?? ""
    return """
      <Ad id="\(id)"\(sequenceAttribute)><InLine><AdSystem>t</AdSystem><AdTitle>\(id)</AdTitle>
      <Creatives><Creative><Linear><Duration>00:00:0\(seconds)</Duration><MediaFiles>
      <MediaFile delivery="progressive" type="video/mp4" width="640" height="360">https://media.example/\(id).mp4</MediaFile>
      </MediaFiles></Linear></Creative></Creatives></InLine></Ad>
      """
  }

  /// `<vmap:TrackingEvents>` for breakStart, breakEnd and error, to `/t/<name>-<event>` and
  /// `/err?code=[ERRORCODE]&break=<name>`.
  static func tracking(_ name: String) -> String {
    """
    <vmap:TrackingEvents>
    <vmap:Tracking event="breakStart">BASE/t/\(name)-breakStart</vmap:Tracking>
    <vmap:Tracking event="breakEnd">BASE/t/\(name)-breakEnd</vmap:Tracking>
    <vmap:Tracking event="error"><![CDATA[BASE/err?code=[ERRORCODE]&break=\(name)]]></vmap:Tracking>
    </vmap:TrackingEvents>
    """
  }

  /// A break at `offset` whose source is the tag at `path`.
  static func tagBreak(_ offset: String, _ path: String, name: String, attributes: String = "") -> String {
    """
    <vmap:AdBreak timeOffset="\(offset)" breakType="linear" breakId="\(name)">
    <vmap:AdSource\(attributes)><vmap:AdTagURI templateType="vast4">BASE\(path)</vmap:AdTagURI></vmap:AdSource>
    \(tracking(name))
    </vmap:AdBreak>
    """
  }

  /// The paths of the beacons received under `/t/`, in order, without the query.
  var beacons: [String] { ads.beacons.map { String($0.split(separator: "?")[0]) } }

  /// `code` and `break` of each VMAP error beacon.
  var vmapErrors: [String] {
    server.requests(for: "/err").compactMap { request in
      request.query["break"].map { "\($0):\(request.query["code"] ?? "")" }
    }
  }
}

import Foundation
import LoopbackHTTP
import RealMedia

/// A stitched-ad service on 127.0.0.1 with real media: 18 s of stream (`RealStream`, 2 s
/// segments, no signals) whose ads are a 6 s pre-roll and a 6 s mid-roll at 12 s, described by
/// the service's own JSON (`Answers`: Uplynk's Preplay, MediaTailor's session and tracking);
/// every beacon under `/beacons/` answers 204.
final class StitchedServer: ServedSource, Sendable {
  /// The stream's length.
  static let seconds = 18.0
  /// The ads: id, start and duration.
  static let ads: [(id: String, start: Double, duration: Double)] = [("pre-a", 0, 6), ("mid-a", 12, 6)]

  /// A service's answers: routes of JSON made from the server's base URL and the playlist's URL.
  struct Answers: Sendable {
    var routes: [(path: String, json: @Sendable (_ base: String, _ playlist: String) -> String)]
    /// The source, from the base URL.
    var source: @Sendable (_ base: String) -> String
  }

  let server: LoopbackServer
  let sourceJSON: String

  init(_ answers: Answers) throws {
    server = try LoopbackServer()
    let base = server.baseURL.absoluteString
    let playlist = try RealStream(
      spec: #"{"format": "hls-ts", "duration": \#(Self.seconds), "segmentDuration": 2}"#
    ).serve(on: server, under: "/stream/")
    for (path, json) in answers.routes {
      let text = json(base, playlist)
      server.route(path) { _ in .text(text, type: "application/json") }
    }
    server.fallback { request in
      request.path.hasPrefix("/beacons/") ? LoopbackResponse(status: 204) : .notFound
    }
    sourceJSON = answers.source(base)
  }

  deinit { server.stop() }

  /// A beacon's URL on the server at `base`, with the cache buster the players fill in.
  static func beacon(_ base: String, _ what: String) -> String { "\(base)/beacons/\(what)?cb=[CACHEBUSTING]" }
}

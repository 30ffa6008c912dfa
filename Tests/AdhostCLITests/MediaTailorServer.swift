import Foundation
import LoopbackHTTP

/// MediaTailor on 127.0.0.1 for the tests: session initialization (POST), a multivariant and a
/// media playlist, tracking JSON that changes from poll to poll, and beacon endpoints that
/// answer 204 and remember what they got.
final class MediaTailorServer: @unchecked Sendable {
  struct AdSpec {
    let id: String
    let start: Double
    let duration: Double
    var skipOffset: String? = nil
  }

  struct AvailSpec {
    let id: String
    let start: Double
    let duration: Double
    let ads: [AdSpec]
  }

  let server: LoopbackServer
  private let lock = NSLock()
  private var trackingAnswers: [String]
  private var polls = 0
  private var playlistAnswers: [String]
  private var playlistLoads = 0

  /// A server whose media playlist answers `playlists` in turn (one for VOD; a live window
  /// sliding; the last one repeats), and whose tracking URL answers `tracking` in turn.
  init(playlists: [String], tracking: [String], sessionStatus: Int = 200) throws {
    server = try LoopbackServer()
    trackingAnswers = tracking
    playlistAnswers = playlists
    server.route("/v1/session/cfg/asset/index.m3u8") { request in
      guard request.method == "POST" else { return LoopbackResponse(status: 405) }
      guard sessionStatus == 200 else { return .text("no session", status: sessionStatus) }
      return .text(
        #"{"manifestUrl": "/v1/master/cfg/asset/index.m3u8?aws.sessionId=s1", "trackingUrl": "/v1/tracking/cfg/s1"}"#,
        type: "application/json")
    }
    server.route("/v1/master/cfg/asset/index.m3u8") { _ in
      .text(
        """
        #EXTM3U
        #EXT-X-STREAM-INF:BANDWIDTH=2000000,RESOLUTION=1280x720
        720p.m3u8?aws.sessionId=s1
        #EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360
        360p.m3u8?aws.sessionId=s1
        """, type: "application/vnd.apple.mpegurl")
    }
    server.route("/v1/master/cfg/asset/720p.m3u8") { [weak self] _ in
      guard let self else { return .notFound }
      return .text(self.next(\.playlistAnswers, \.playlistLoads), type: "application/vnd.apple.mpegurl")
    }
    server.route("/v1/tracking/cfg/s1") { [weak self] _ in
      guard let self else { return .notFound }
      return .text(self.next(\.trackingAnswers, \.polls), type: "application/json")
    }
    server.fallback { request in
      request.path.hasPrefix("/beacon/") ? LoopbackResponse(status: 204) : .notFound
    }
  }

  /// Makes the tracking URL answer `answers` in turn from the next poll on (the last repeats).
  func answerTracking(_ answers: [String]) {
    lock.withLock {
      trackingAnswers = answers
      polls = 0
    }
  }

  private func next(
    _ answers: ReferenceWritableKeyPath<MediaTailorServer, [String]>,
    _ counter: ReferenceWritableKeyPath<MediaTailorServer, Int>
  ) -> String {
    lock.withLock {
      let list = self[keyPath: answers]
      defer { self[keyPath: counter] += 1 }
      guard !list.isEmpty else { return "{}" }
      return list[min(self[keyPath: counter], list.count - 1)]
    }
  }

  deinit { server.stop() }

  /// The source's session URL.
  var sessionURL: String { server.baseURL.absoluteString + "/v1/session/cfg/asset/index.m3u8" }

  /// The beacons received, in order, as `adId/event`.
  var beacons: [String] {
    server.requests.filter { $0.path.hasPrefix("/beacon/") }.map {
      String($0.path.dropFirst("/beacon/".count))
    }
  }

  /// How many times the tracking URL was polled.
  var pollCount: Int { server.requests(for: "/v1/tracking/cfg/s1").count }

  /// A media playlist of `count` segments of `seconds` from media sequence `first`, VOD (with
  /// `#EXT-X-ENDLIST`) or live; `markers` go before the segment of that sequence number.
  static func playlist(
    segments count: Int, from first: Int = 0, seconds: Int = 5, live: Bool = false,
    markers: [Int: String] = [:]
  ) -> String {
    let start = first * seconds
    var lines = [
      "#EXTM3U", "#EXT-X-VERSION:6", "#EXT-X-TARGETDURATION:\(seconds)", "#EXT-X-MEDIA-SEQUENCE:\(first)",
      String(format: "#EXT-X-PROGRAM-DATE-TIME:2026-11-29T12:%02d:%02d.000Z", start / 60, start % 60),
    ]
    for index in first..<(first + count) {
      if let marker = markers[index] { lines.append(marker) }
      lines.append("#EXTINF:\(seconds),")
      lines.append("segment\(index).ts")
    }
    if !live { lines.append("#EXT-X-ENDLIST") }
    return lines.joined(separator: "\n") + "\n"
  }

  /// A tracking answer with these avails; beacons go to `/beacon/<adId>/<event>`.
  func tracking(_ avails: [AvailSpec]) -> String {
    let base = server.baseURL.absoluteString + "/beacon/"
    func event(_ owner: String, _ type: String, _ time: Double) -> String {
      #"{"eventId": "\#(owner)-\#(type)", "eventType": "\#(type)", "startTimeInSeconds": \#(time), "#
        + #""durationInSeconds": 0, "beaconUrls": ["\#(base)\#(owner)/\#(type)?cb=[CACHEBUSTING]"]}"#
    }
    let availTexts = avails.map { avail in
      let ads = avail.ads.map { ad in
        let quarter = ad.duration / 4
        let events = [
          event(ad.id, "impression", ad.start), event(ad.id, "start", ad.start),
          event(ad.id, "firstQuartile", ad.start + quarter), event(ad.id, "midpoint", ad.start + 2 * quarter),
          event(ad.id, "thirdQuartile", ad.start + 3 * quarter),
          event(ad.id, "complete", ad.start + ad.duration),
        ]
        let skip = ad.skipOffset.map { "\"\($0)\"" } ?? "null"
        return #"{"adId": "\#(ad.id)", "creativeId": "cr-\#(ad.id)", "adSystem": "Test DSP", "#
          + #""startTimeInSeconds": \#(ad.start), "durationInSeconds": \#(ad.duration), "skipOffset": \#(skip), "#
          + #""trackingEvents": [\#(events.joined(separator: ", "))]}"#
      }
      let breakEvents = [
        event(avail.id, "breakStart", avail.start), event(avail.id, "breakEnd", avail.start + avail.duration),
      ]
      return
        #"{"availId": "\#(avail.id)", "startTimeInSeconds": \#(avail.start), "durationInSeconds": \#(avail.duration), "#
        + #""adBreakTrackingEvents": [\#(breakEvents.joined(separator: ", "))], "ads": [\#(ads.joined(separator: ", "))]}"#
    }
    return #"{"avails": [\#(availTexts.joined(separator: ", "))], "nonLinearAvails": [], "nextToken": null}"#
  }
}

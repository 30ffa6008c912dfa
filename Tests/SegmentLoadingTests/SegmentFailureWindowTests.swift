import AdPlayer
import Foundation
import HTTPKit
import LoopbackHTTP
import PlaybackEngine
import PlayerSeam
import XCTest

/// Segments that fail now and then, or stall (R04): abandonment counts failures in a window of
/// the last segments, and a server that stalls costs one segment's timeout retries, not every
/// stalled segment's.
final class SegmentFailureWindowTests: XCTestCase {
  private func vod(count: Int, missing: [Int] = []) -> [String: [UInt8]] {
    var files: [String: [UInt8]] = [:]
    for index in 0..<count where !missing.contains(index) {
      let start = 10 + Double(index) * 6
      files["/s\(index).ts"] = Stream.ts(
        start: start, duration: 6, id3: [(start + 1, Stream.txxx("s\(index)"))])
    }
    files["/media.m3u8"] = Stream.playlist(Stream.entries((0..<count).map { "s\($0).ts" }))
    return files
  }

  /// Every other segment missing (404): 10 failures among the last 20 segments (hls.js would
  /// have stopped at the first) stop segment loading at the 10th, s19; in a row they never came.
  func testEveryOtherSegmentFailingIsAbandonedAtTenOfTheLastTwenty() throws {
    let odd = Array(stride(from: 1, to: 40, by: 2))
    let harness = try StreamHarness(files: vod(count: 40, missing: odd))
    try harness.play("/media.m3u8", until: 1000)
    XCTAssertEqual(harness.entries(.segmenterror).count, 10)
    let abandoned = harness.entries(.segmentsAbandoned)
    XCTAssertEqual(abandoned.count, 1)
    XCTAssertEqual(abandoned.first?.fields["url"], .string(harness.server.url("/s19.ts").absoluteString))
    XCTAssertEqual(
      abandoned.first?.fields["message"],
      .string("10 of the last 20 segments failed: segment loading stops, the playlist plays without them"))
    XCTAssertTrue(harness.server.requests(for: "/s20.ts").isEmpty)
    XCTAssertEqual(harness.entries(.ended).count, 1)
  }

  /// A real server that stalls every other segment (no answer within the timeout): the first
  /// stalled segment is tried 5 times (4 timeout retries), the later ones once each; each is a
  /// gap and the content plays to its end.
  func testAServerThatStallsEveryOtherSegmentIsNotWaitedForAgainAndAgain() throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    for (path, bytes) in vod(count: 6) {
      let stalls = ["/s1.ts", "/s3.ts", "/s5.ts"].contains(path)
      server.route(path) { _ in LoopbackResponse(body: Data(bytes), fault: stalls ? .delay(60) : .none) }
    }
    let loop = HostLoop()
    let log = EventLog()
    let player = Player(loop: loop, log: log)
    var options = PlaybackEngineOptions(http: HTTPClient(timeout: 0.25))
    options.segments = SegmentOptions()
    let engine = try PlaybackEngine(player: player, options: options)
    player.autoplay = true
    player.setSource(
      try SourceDescription(
        jsonText: #"{"sources": {"src": "\#(server.url("/media.m3u8").absoluteString)"}}"#))
    let outcome = loop.run(until: 600)
    XCTAssertEqual(outcome.kind, .idle, outcome.reason)
    XCTAssertEqual(server.requests(for: "/s1.ts").count, 5)
    XCTAssertEqual(server.requests(for: "/s3.ts").count, 1)
    XCTAssertEqual(server.requests(for: "/s5.ts").count, 1)
    let errors = log.entries.filter { $0.kind == .segmenterror }
    XCTAssertEqual(errors.map { $0.fields["attempts"] }, [.number(5), .number(1), .number(1)])
    XCTAssertEqual(log.entries.filter { $0.kind == .segment }.count, 3)
    XCTAssertEqual(log.entries.filter { $0.kind == .ended }.count, 1)
    withExtendedLifetime(engine) {}
  }
}

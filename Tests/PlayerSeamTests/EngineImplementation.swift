import GStreamerEngine
import GStreamerPlayer
import HTTPKit
import PlayerSeam
import RealMedia
import Synchronization
import Testing

extension Implementation {
  /// The GStreamer player (`EnginePlayer`) in the stepped fast mode. Its content, whatever a
  /// test names its source, is a real-media HLS TS stream of the subject's duration (H.264 + AAC,
  /// `RealStream`) on 127.0.0.1. Its events come from the engine's helper, so the subject drives
  /// the player (`EngineRun.drive`) until the engine answered, within a bound that records an
  /// issue when passed.
  static let engine = Implementation(description: "GStreamer (fast)") { duration in
    let server = try EngineContent.server(seconds: duration)
    var options = GStreamerEngineOptions(
      http: HTTPClient(policy: TransportPolicy(allowsArbitraryLoads: true)))
    options.speed = .fast
    options.stepped = true
    let player = EnginePlayer(engineOptions: options)
    player.defaultTimeline = .vod(duration)
    let run = EngineRun(player: player)
    let settle = {
      if !run.drive(wallSeconds: EngineContent.answerSeconds, until: { !player.awaitsEngine }) {
        Issue.record("the engine did not answer within \(EngineContent.answerSeconds) s")
      }
    }
    let subject = Subject(player: player, src: server.url, settle: settle) { limit in
      let playing = { player.isLoaded && !player.paused && player.fatalError == nil && !player.isDestroyed }
      if playing(),
        !run.drive(wallSeconds: EngineContent.playSeconds, until: { !playing() || player.loop.now >= limit })
      {
        Issue.record("the engine did not play to \(limit) s within \(EngineContent.playSeconds) s")
      }
      settle()
    }
    // The engine fetches its segments over HTTP as it starts: it may wait for them before `playing`.
    subject.dataEvents = ["waiting"]
    return subject
  }
}

/// The engine's content: one server per duration, its stream encoded once for the whole run.
enum EngineContent {
  /// The longest a subject waits for the engine to answer a request (wall seconds).
  static let answerSeconds = 20.0
  /// The longest a subject waits for the engine to play to a time (wall seconds).
  static let playSeconds = 60.0
  private static let servers = Mutex<[Double: RealStreamServer]>([:])

  static func server(seconds: Double) throws -> RealStreamServer {
    try servers.withLock { servers in
      if let server = servers[seconds] { return server }
      // Segments of 1 s (the clip's GOP): a stream of one segment can lose GStreamer 1.22's race
      // between the end of its manifest and the demuxer's pads (`EngineOutputGate`).
      let server = try RealStreamServer(try RealStreams.hls(seconds: seconds, segmentSeconds: 1))
      servers[seconds] = server
      return server
    }
  }
}

/// Where GStreamer or ffmpeg is missing the conformance suite runs without the engine: this test
/// is skipped there, saying why.
@Suite(RealClip.engineTests) struct EngineConformanceTests {
  @Test func theGStreamerPlayerIsAmongTheImplementations() {
    #expect(Implementation.all.map(\.description).contains(Implementation.engine.description))
  }
}

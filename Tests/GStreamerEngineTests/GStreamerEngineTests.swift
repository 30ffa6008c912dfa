import Foundation
import GStreamerEngine
import HTTPKit
import LoopbackHTTP
import Testing

/// The GStreamer engine (adhost-gst) on real media served from 127.0.0.1: it demuxes and decodes
/// for real, reports its states, positions, SCTE-35 and frames, and every request it makes goes
/// through the host.
@Suite(EngineFixture.engineTests)
struct GStreamerEngineTests {
  @Test func playsToTheEndInFastModeWithEveryFrameAndEveryRequestThroughTheHost() throws {
    let fixture = try EngineFixture()
    let session = try EngineSession(speed: .fast)
    try session.engine.load(fixture.playlist)
    session.engine.play()
    #expect(session.wait(for: .ended) != nil, "events: \(session.events)")
    // The engine buffers before it plays (`waiting` while hlsdemux2 fills its buffer).
    #expect(session.states.first == .play)
    #expect(session.states.filter { $0 != .waiting } == [.play, .playing, .ended])
    // Every frame of the 6 s at 25 fps was decoded and rendered (the counts follow `ended`).
    session.wait { if case .frames = $0 { return true } else { return false } }
    let frames = session.frames
    #expect(
      frames?.rendered == Int(EngineFixture.seconds * EngineFixture.frameRate),
      "frames: \(String(describing: frames))")
    // The splice_insert, from tsdemux inside hlsdemux2, at its time on the engine's scale.
    let splices = session.events.compactMap {
      if case .scte35(let splice) = $0 { return splice } else { return nil }
    }
    #expect(splices.count == 1)
    #expect(abs((splices.first?.streamTime ?? -1) - EngineFixture.spliceTime) < 0.05, "\(splices)")
    #expect(splices.first?.section.first == 0xFC)
    // The engine maps the first video frame to position 0.
    #expect(
      session.segments.contains { $0.pad.hasPrefix("video") && abs($0.firstStreamTime) < 0.01 },
      "\(session.segments)")
    // Every request the origin got came through the host's proxy, and the proxy logged each.
    let origin = fixture.server.requests.map { fixture.server.url($0.target).absoluteString }
    let logged = session.engine.requests
    #expect(logged.map(\.url).sorted() == origin.sorted())
    #expect(logged.allSatisfy { $0.status == 200 })
    let segments = (0..<fixture.stream.segmentCount).map {
      fixture.server.url("/" + fixture.stream.segmentName($0)).absoluteString
    }
    #expect(Set(segments).isSubset(of: Set(logged.map(\.url))))
    session.engine.destroy()
    session.wait { _ in false }
    #expect(session.events.last == .exited(status: 0))
  }

  @Test func aMissingSegmentIsAnErrorOfTheEngine() throws {
    let fixture = try EngineFixture(missing: [EngineFixture.segmentName(1)])
    let session = try EngineSession(speed: .fast)
    try session.engine.load(fixture.playlist)
    session.engine.play()
    let error = session.wait { if case .error = $0 { return true } else { return false } }
    #expect(error != nil, "events: \(session.events)")
    #expect(
      session.engine.requests.contains {
        $0.url.hasSuffix("/" + EngineFixture.segmentName(1)) && $0.status == 404
      })
    session.engine.destroy()
  }

  /// The one real-time test: pause, seek and destroy while the stream plays.
  @Test func pausesSeeksAndStopsMidStreamInRealTime() throws {
    let fixture = try EngineFixture()
    let session = try EngineSession(speed: .realTime)
    try session.engine.load(fixture.playlist)
    session.engine.play()
    #expect(session.wait(for: .playing) != nil, "events: \(session.events)")
    session.engine.pause()
    #expect(session.wait(for: .pause) != nil)
    session.engine.seek(to: 4)
    let seeked = session.wait(for: .seeked)
    guard case .state(_, let position)? = seeked else {
      Issue.record("no seeked: \(session.events)")
      return
    }
    #expect(abs((position ?? -1) - 4) < 0.1, "events: \(session.events)")
    session.engine.play()
    #expect(session.wait(for: .playing) != nil)
    // After the seek the first video frame the engine demuxes is the one at 4 s.
    #expect(
      session.segments.contains { $0.pad.hasPrefix("video") && abs($0.firstStreamTime - 4) < 0.01 },
      "\(session.segments)")
    // The playhead runs on from the seek's position.
    let time = session.wait { if case .time = $0 { return true } else { return false } }
    guard case .time(let playhead, let duration)? = time else {
      Issue.record("no time: \(session.events)")
      return
    }
    #expect(playhead >= 4 && playhead < EngineFixture.seconds)
    #expect(abs((duration ?? 0) - EngineFixture.seconds) < 0.1)
    let pid = session.engine.helperProcessIdentifier
    session.engine.destroy()
    session.wait { _ in false }
    #expect(
      session.events.suffix(3).map { if case .frames = $0 { return "frames" } else { return "\($0)" } } == [
        "frames", "stopped", "exited(status: 0)",
      ])
    #expect(!session.states.contains(.ended))
    #expect(kill(pid, 0) == -1)
  }

  @Test func aHelperThatDiesIsAFatalErrorAndTheLogStays() throws {
    let fixture = try EngineFixture()
    // Fast: the helper lives on after the stream ends, until it is stopped, so the kill finds it.
    let session = try EngineSession(speed: .fast)
    try session.engine.load(fixture.playlist)
    session.engine.play()
    #expect(session.wait(for: .playing) != nil)
    kill(session.engine.helperProcessIdentifier, SIGKILL)
    let crash = session.wait { if case .crashed = $0 { return true } else { return false } }
    guard case .crashed(let message)? = crash else {
      Issue.record("no crash reported: \(session.events)")
      return
    }
    #expect(message.contains("signal 9"))
    #expect(!session.engine.requests.isEmpty)
    #expect(session.engine.next(before: Date()) == nil)
  }

  @Test func aMissingElementNamesWhatToInstall() throws {
    let fixture = try EngineFixture()
    let session = try EngineSession(speed: .fast)
    try session.engine.load(fixture.playlist, require: ["adhostnosuchelement"])
    let error = session.wait { if case .error = $0 { return true } else { return false } }
    #expect(
      error
        == .error(
          EngineError(
            message: "the GStreamer element adhostnosuchelement is missing (no plugin provides it here)",
            detail: "", element: "adhostnosuchelement")))
    session.engine.destroy()
  }

  @Test func anHTTPSSourceIsRefused() throws {
    let session = try EngineSession(speed: .fast)
    let https = try #require(URL(string: "https://cdn.example/media.m3u8"))
    #expect(throws: GStreamerEngineFailure.self) { try session.engine.load(https) }
    session.engine.destroy()
  }
}

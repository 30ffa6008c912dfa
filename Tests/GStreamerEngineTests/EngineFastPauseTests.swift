import Foundation
import GStreamerEngine
import MediaWriter
import RealMedia
import Testing

/// The fast mode's unsynchronised pipeline taken from PLAYING to PAUSED and back. Buffering no
/// longer does that in the fast mode (bus.c): `adhost-bench engine` saw rounds end with a third
/// of their frames after a `waiting` early in the stream. An app's pause still does.
@Suite(.serialized, RealClip.engineTests) struct EngineFastPauseTests {
  @Test func aPauseEarlyInTheFastModeLosesNoFrame() throws {
    let spec = try MediaSpec.read(
      #"{"format": "hls-ts", "duration": 60, "segmentDuration": 4, "payload": {"clip": "clip.ts"}}"#)
    let fixture = try EngineFixture(serving: MediaStream(spec, clip: try RealClip.shared(seconds: 60)))
    let session = try EngineSession(speed: .fast)
    try session.engine.load(fixture.playlist)
    session.engine.play()
    session.wait { if case .time(let position, _) = $0 { return position > 0.3 } else { return false } }
    session.engine.pause()
    session.wait(for: .pause)
    session.engine.play()
    #expect(session.wait(for: .ended) != nil, "\(session.states)")
    session.wait { if case .frames = $0 { return true } else { return false } }
    withKnownIssue(
      "GStreamer 1.22, unsynchronised sinks: after PLAYING → PAUSED → PLAYING, 1058–1451 of 1500 frames rendered",
      isIntermittent: true
    ) {
      #expect(session.frames?.rendered == 60 * 25, "\(String(describing: session.frames))")
    }
    session.engine.destroy()
  }
}

import Foundation
import GStreamerEngine
import MediaWriter
import Testing

/// DASH on the real engine: dashdemux2 plays MediaWriter's CMAF stream (blank H.264 pictures and
/// silent AAC, both decodable) to its end, every request through the host.
@Suite(EngineFixture.engineTests)
struct EngineDASHTests {
  @Test func aDASHStreamPlaysToTheEndInFastMode() throws {
    let spec = try MediaSpec.read(#"{"format": "dash", "duration": 6, "segmentDuration": 2}"#)
    let fixture = try EngineFixture(serving: MediaStream(spec))
    #expect(fixture.playlist.pathExtension == "mpd")
    let session = try EngineSession(speed: .fast)
    #expect(try session.playToTheEnd(fixture.playlist), "events: \(session.events)")
    session.wait { if case .frames = $0 { return true } else { return false } }
    #expect((session.frames?.rendered ?? 0) > 0, "\(String(describing: session.frames))")
    let logged = Set(session.engine.requests.map(\.url))
    let origin = Set(fixture.server.requests.map { fixture.server.url($0.target).absoluteString })
    #expect(logged == origin)
    #expect(session.engine.requests.allSatisfy { $0.status == 200 }, "\(session.engine.requests)")
    #expect(session.engine.requests.filter { $0.url.hasSuffix(".m4s") }.count >= 3)
    session.engine.destroy()
  }
}

import Foundation
import GStreamerEngine
import MediaWriter
import Testing

/// DASH on the real engine: dashdemux2 plays MediaWriter's CMAF stream (blank H.264 pictures and
/// silent AAC, both decodable) to its end, every request through the host; the host reads the
/// ID3 tag its `emsg` box carries from the segment the engine fetched.
@Suite(EngineFixture.engineTests)
struct EngineDASHTests {
  @Test func aDASHStreamPlaysToTheEndInFastMode() throws {
    let spec = try MediaSpec.read(
      """
      {"format": "dash", "duration": 6, "segmentDuration": 2,
       "id3": [{"time": 3.5, "frames": [{"id": "TXXX", "description": "google", "text": "google_2"}]}]}
      """)
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
    // The ID3 tag in an emsg box, read by the host from the segment the engine fetched, placed at
    // the engine's time.
    let tags = session.events.compactMap { if case .tags(let tags) = $0 { return tags } else { return nil } }
    let emsg = tags.flatMap(\.items).filter {
      if case .emsg = $0.payload { return true } else { return false }
    }
    #expect(emsg.count == 1, "\(tags)")
    let segment = try #require(session.segments.first { $0.pad.hasPrefix("video") })
    let anchor = try #require(tags.first?.firstTime)
    let position = EngineTags.position(of: try #require(emsg.first?.time), anchor: anchor, segment: segment)
    #expect(abs(position - 3.5) < 0.05, "placed at \(position); \(tags)")
  }
}

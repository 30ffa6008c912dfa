import Foundation
import GStreamerEngine
import MediaKit
import Testing

/// Timed ID3 the engine does not give (GStreamer 1.22's tsdemux makes no pad for it): the host
/// reads it from the segments the engine fetched, through its proxy, and places it at the
/// engine's time with the engine's `segment` mapping.
@Suite(EngineFixture.engineTests)
struct EngineTagsTests {
  @Test func theTimedID3OfAFetchedSegmentIsPlacedAtTheEnginesTime() throws {
    let fixture = try EngineFixture()
    let session = try EngineSession(speed: .fast)
    #expect(try session.playToTheEnd(fixture.playlist), "events: \(session.events)")
    session.engine.destroy()
    let tags = session.events.compactMap { if case .tags(let tags) = $0 { return tags } else { return nil } }
    // One reading of each segment, in the order fetched.
    #expect(
      tags.map { URL(string: $0.url)?.lastPathComponent } == (0..<3).map { EngineFixture.segmentName($0) })
    let id3 = tags.flatMap(\.items).filter { if case .id3 = $0.payload { return true } else { return false } }
    #expect(id3.count == 1, "\(tags)")
    guard case .id3(let frame) = id3.first?.payload else { return }
    #expect(frame.id == "TXXX")
    let segment = try #require(session.segments.first { $0.pad.hasPrefix("video") })
    let anchor = try #require(tags.first?.firstTime)
    let position = EngineTags.position(of: try #require(id3.first?.time), anchor: anchor, segment: segment)
    #expect(abs(position - 1.5) < 0.05, "placed at \(position)")
  }
}

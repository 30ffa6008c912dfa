import Foundation
import GStreamerEngine
import Testing

/// The rendition the host pins on the engine (`--variant`, `--max-bandwidth`): which variant's
/// segments the engine requested, in the request log.
@Suite(EngineFixture.engineTests)
struct EngineRenditionTests {
  /// The folders of the segments the engine requested, playing the two-variant stream to its end.
  private func variantsPlayed(_ rendition: EngineRendition) throws -> Set<String> {
    // The higher first: unpinned, hlsdemux2 starts on the first variant listed.
    let fixture = try EngineFixture(variants: [
      (folder: "high", bandwidth: 3_000_000), (folder: "low", bandwidth: 400_000),
    ])
    let session = try EngineSession(speed: .fast)
    try session.engine.load(fixture.multivariant, rendition: rendition)
    session.engine.play()
    #expect(session.wait(for: .ended) != nil, "events: \(session.events)")
    session.engine.destroy()
    let segments = session.engine.requests.compactMap { URL(string: $0.url) }.filter {
      $0.pathExtension == "ts"
    }
    #expect(segments.count >= fixture.stream.segmentCount)
    return Set(segments.map { $0.deletingLastPathComponent().lastPathComponent })
  }

  @Test func aPinnedVariantIsTheOnlyOneRequested() throws {
    #expect(try variantsPlayed(.only(bandwidth: 3_000_000)) == ["high"])
    #expect(try variantsPlayed(.only(bandwidth: 400_000)) == ["low"])
  }

  @Test func aCeilingKeepsTheEngineUnderIt() throws {
    #expect(try variantsPlayed(EngineRendition(maxBitrate: 1_000_000)) == ["low"])
  }
}

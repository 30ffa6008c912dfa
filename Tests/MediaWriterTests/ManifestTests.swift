import MediaWriter
import Testing

/// The manifests: an HLS playlist's segments, program date and date ranges; a live window's
/// positions; a live DASH MPD's dynamic attributes and its turn to static at the end.
@Suite struct ManifestTests {
  @Test func theTSPlaylistListsEachSegmentAndTheDateRangeWithItsSCTE35Out() throws {
    let stream = MediaStream(try MediaSpec.read(Specs.hlsTS))
    let lines = stream.manifest.split(separator: "\n").map(String.init)
    #expect(
      lines.prefix(5) == [
        "#EXTM3U", "#EXT-X-VERSION:3", "#EXT-X-TARGETDURATION:6", "#EXT-X-MEDIA-SEQUENCE:0",
        "#EXT-X-PLAYLIST-TYPE:VOD",
      ])
    #expect(lines.contains("#EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:00.000Z"))
    let range = try #require(lines.first { $0.hasPrefix("#EXT-X-DATERANGE:") })
    #expect(
      range.hasPrefix(
        #"#EXT-X-DATERANGE:ID="break-1",START-DATE="2026-01-01T00:00:09.000Z",DURATION=6.000,SCTE35-OUT=0xFC"#
      ))
    // The date range comes before the segment that holds its time (segment 1: 6 to 12 s).
    #expect(lines.firstIndex(of: range).map { lines[$0 + 2] } == "segment-1.ts")
    #expect(lines.filter { $0 == "#EXTINF:6.000," }.count == 3)
    #expect(lines.last == "#EXT-X-ENDLIST")
  }

  @Test func aLiveWindowMovesOnAndEndsAtTheLastSegments() {
    #expect(LiveWindow(position: 0, window: 3, count: 6) == LiveWindow(position: -1, window: 3, count: 6))
    #expect(LiveWindow(position: 0, window: 3, count: 6).segments == 0..<3)
    #expect(LiveWindow(position: 2, window: 3, count: 6).ended == false)
    #expect(LiveWindow(position: 3, window: 3, count: 6).segments == 3..<6)
    #expect(LiveWindow(position: 3, window: 3, count: 6).ended)
    #expect(LiveWindow(position: 9, window: 3, count: 6).segments == 3..<6)
  }

  @Test func aLiveDASHWindowIsDynamicUntilItsLastWindow() throws {
    let spec = try MediaSpec.read(
      #"{"format": "dash", "duration": 24, "segmentDuration": 6, "live": {"window": 2}}"#)
    let stream = MediaStream(spec)
    let first = stream.liveManifest(position: 0, availabilityStart: MediaStream.firstFrameDate)
    #expect(first.text.contains(#"type="dynamic" availabilityStartTime="2026-01-01T00:00:00.000Z""#))
    #expect(first.text.contains(#"minimumUpdatePeriod="PT6.000S" timeShiftBufferDepth="PT12.000S""#))
    #expect(first.text.contains(#"suggestedPresentationDelay="PT12.000S""#))
    #expect(first.text.contains(#"startNumber="0""#))
    #expect(first.text.components(separatedBy: "<S ").count == 3)
    let last = stream.liveManifest(position: 2, availabilityStart: MediaStream.firstFrameDate)
    #expect(
      last.window.ended && last.text.contains(#"type="static""#) && last.text.contains(#"startNumber="2""#))
    #expect(stream.firstWindowEnd == MediaStream.firstFrameDate + 12)
  }
}

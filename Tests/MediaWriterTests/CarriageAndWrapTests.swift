import MediaKit
import MediaWriter
import Testing

/// The spec's `emsg` carriage of ID3 and SCTE-35 in CMAF, and a `start` whose stream crosses the
/// 33-bit PTS wrap, read back with MediaKit's readers.
@Suite struct CarriageAndWrapTests {
  @Test func anID3TagsEmsgHasTheCarriagesVersionTimescaleIdSchemeAndValue() throws {
    let stream = MediaStream(
      try MediaSpec.read(
        #"""
        {"format": "hls-cmaf", "duration": 12, "segmentDuration": 6, "start": 10,
         "id3": [{"time": 7.5, "frames": [{"id": "TIT2", "text": "a"}],
                  "emsg": {"version": 0, "timescale": 1000, "id": 42, "scheme": "urn:x:id3", "value": "v"}}],
         "scte35": [{"time": 8, "command": "time_signal", "eventId": 5, "duration": 2,
                     "emsg": {"timescale": 1000}}]}
        """#))
    let initSegment = try BMFFReader.readInit(try #require(stream.initSegment))
    let scan = try MediaReader.scan(stream.segment(1), initSegment: initSegment)
    let messages = scan.items.compactMap { item -> EventMessage? in
      if case .emsg(let message) = item.payload { return message }
      return nil
    }
    #expect(messages.count == 2)
    let tag = try #require(messages.first)
    // Version 0: 1.5 s after the segment's start (content 6 s), at 1 kHz.
    #expect(tag.version == 0 && tag.timescale == 1000 && tag.presentationTime == 1500)
    #expect(tag.id == 42 && tag.schemeIdUri == "urn:x:id3" && tag.value == "v")
    let splice = try #require(messages.last)
    // Version 1 by default: media time 18 s, its duration 2 s, id the event id.
    #expect(splice.version == 1 && splice.timescale == 1000 && splice.presentationTime == 18_000)
    #expect(splice.eventDuration == 2000 && splice.id == 5 && splice.schemeIdUri == EventMessage.scte35Scheme)
  }

  @Test func aTSStreamCrossesThe33BitWrapAsAnEncodersDoes() throws {
    // 95434.717689 s is 2^33 ticks less 9 s: the wrap falls 9 s in, in segment 1.
    let stream = MediaStream(
      try MediaSpec.read(
        #"""
        {"format": "hls-ts", "duration": 18, "segmentDuration": 6, "start": 95434.717689,
         "scte35": [{"time": 12, "command": "time_signal", "eventId": 1}]}
        """#))
    let firsts = try (0..<3).map { index in
      try MediaReader.scan(stream.segment(index)).streams.map(\.first).min() ?? -1
    }
    let wrap = Double(1 << 33) / 90_000
    #expect(abs(firsts[0] - (wrap - 9)) < 1e-6)
    #expect(abs(firsts[2] - 3) < 1e-6)
    let signal = try MediaReader.scan(stream.segment(2)).items.first
    if case .scte35(let section) = signal?.payload {
      #expect(section.ptsTime == 3 * 90_000)
    } else {
      Issue.record("no SCTE-35 section in segment 2")
    }
  }
}

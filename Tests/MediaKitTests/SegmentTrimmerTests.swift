import MediaKit
import MediaWriter
import Testing

/// A trimmed segment is small and reads to the same metadata and stream times.
@Suite struct SegmentTrimmerTests {
  @Test func transportStream() throws {
    var ts = TSWriter(withAudio: true)
    for index in 0..<50 {
      let pts = UInt64(90_000 + index * 3003)
      ts.video(pts: pts, size: 5000)
      ts.audio(pts: pts + 100)
      if index % 10 == 0 { ts.id3(pts: pts, TSReaderTests.tag("google_\(index)")) }
      if index == 25 { ts.scte35(SCTE35Writer.spliceInsert(eventId: 1, ptsTime: pts, duration: 90_000)) }
      // Immediate: placed at the latest PES timestamp before it, which the trimmed segment keeps.
      if index == 33 {
        ts.scte35(SCTE35Writer.spliceInsert(eventId: 2, ptsTime: nil, duration: nil, out: false))
      }
    }
    let whole = try TSReader.read(ts.bytes)
    let trimmed = SegmentTrimmer.trim(ts.bytes)
    #expect(trimmed.count * 10 < ts.bytes.count)
    let read = try TSReader.read(trimmed)
    #expect(read.items == whole.items)
    #expect(read.streams == whole.streams)
    #expect(read.issues == [])
    #expect(whole.items.count == 12)
    let immediate = whole.items.first {
      if case .scte35(let signal) = $0.payload { signal.spliceEventId == 2 } else { false }
    }
    #expect(immediate?.time == Double(90_000 + 33 * 3003 + 100) / 90_000)
    #expect(whole.streams.count == 2)
  }

  @Test func fragmentedMP4() throws {
    let emsg = CMAFWriter.emsg(version: 0, scheme: "urn:x", timescale: 1, time: 1, duration: 0, id: 1, [1])
    let segment = CMAFWriter.mediaSegment(
      emsgs: [emsg], decodeTime: 90_000, sampleDuration: 3000, samples: 30, mdatSize: 200_000)
    let info = try BMFFReader.readInit(BMFFReaderTests.initSegment)
    let trimmed = SegmentTrimmer.trim(segment)
    #expect(trimmed.count < 1000)
    #expect(try BMFFReader.read(trimmed, initSegment: info) == BMFFReader.read(segment, initSegment: info))
  }

  @Test func otherBytesAreKept() {
    #expect(SegmentTrimmer.trim([1, 2, 3]) == [1, 2, 3])
  }
}

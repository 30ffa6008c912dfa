import MediaKit
import MediaWriter
import SCTE35Kit
import Testing

/// fMP4 / CMAF: track timescales, tfdt and trun times, emsg v0 and v1 with ID3 and SCTE-35.
@Suite struct BMFFReaderTests {
  static let initSegment = CMAFWriter.initSegment(timescale: 90_000)

  static func id3(_ value: String) -> [UInt8] {
    var writer = ID3Writer(version: 4)
    writer.userText(description: "YMID", value)
    return writer.bytes()
  }

  @Test func initSegmentTimescales() throws {
    let info = try BMFFReader.readInit(
      CMAFWriter.initSegment(track: 2, timescale: 48_000, defaultDuration: 1024))
    #expect(info.timescales == [2: 48_000])
    #expect(info.defaultDurations == [2: 1024])
  }

  /// v0 counts from the segment's tfdt in its own timescale; v1 is absolute.
  @Test func emsgVersionsZeroAndOne() throws {
    let v0 = CMAFWriter.emsg(
      version: 0, scheme: "urn:example:a", value: "1", timescale: 1000, time: 1500, duration: 2000, id: 11,
      [1, 2])
    let v1 = CMAFWriter.emsg(
      version: 1, scheme: "urn:example:b", value: "", timescale: 10, time: 105, duration: 0xFFFF_FFFF, id: 12,
      [3])
    let segment = CMAFWriter.mediaSegment(
      emsgs: [v0, v1], decodeTime: 900_000, sampleDuration: 3000, samples: 60)
    let scan = try BMFFReader.read(segment, initSegment: try BMFFReader.readInit(Self.initSegment))
    #expect(scan.issues == [])
    #expect(scan.items.map(\.time) == [11.5, 10.5])
    #expect(scan.items.map(\.duration) == [2, nil])
    #expect(
      scan.items.first?.payload
        == .emsg(
          EventMessage(
            version: 0, schemeIdUri: "urn:example:a", value: "1", timescale: 1000, presentationTime: 1500,
            eventDuration: 2000, id: 11, messageData: [1, 2], decoded: nil)))
    #expect(scan.streams == [StreamTimes(id: 1, streamType: 0, first: 10, last: 12)])
    #expect(scan.duration == 2)
  }

  @Test func id3AndSCTE35Schemes() throws {
    let section = SCTE35Writer.spliceInsert(eventId: 3, ptsTime: 1_000_000, duration: 900_000)
    let segment = CMAFWriter.mediaSegment(
      emsgs: [
        CMAFWriter.emsg(
          version: 1, scheme: EventMessage.id3Scheme, timescale: 1000, time: 10_250, duration: 0, id: 1,
          Self.id3("abc")),
        CMAFWriter.emsg(
          version: 1, scheme: EventMessage.scte35Scheme, timescale: 90_000, time: 1_000_000,
          duration: 900_000, id: 2,
          section),
      ], decodeTime: 900_000, sampleDuration: 3000, samples: 60)
    let scan = try BMFFReader.read(segment, initSegment: try BMFFReader.readInit(Self.initSegment))
    #expect(scan.issues == [])
    guard case .emsg(let id3) = scan.items.first?.payload, case .emsg(let scte) = scan.items.last?.payload
    else {
      Issue.record("expected two emsg items")
      return
    }
    #expect(
      id3.decoded
        == .id3(
          ID3Tag(
            version: 4, frames: [ID3Frame(id: "TXXX", content: .userText(description: "YMID", text: "abc"))]))
    )
    #expect(scte.decoded == .scte35(try SCTE35Binary.decode(section)))
    #expect(scan.items.map(\.time) == [10.25, 1_000_000.0 / 90_000])
  }

  @Test func aMessageThatCannotBeDecodedIsAnIssueAndStillAnItem() throws {
    let segment = CMAFWriter.mediaSegment(
      emsgs: [
        CMAFWriter.emsg(
          version: 1, scheme: EventMessage.scte35Scheme, timescale: 1, time: 5, duration: 0, id: 4, [0xFC, 0])
      ],
      decodeTime: 0, sampleDuration: 1, samples: 1)
    let scan = try BMFFReader.read(segment, initSegment: try BMFFReader.readInit(Self.initSegment))
    #expect(scan.items.count == 1)
    #expect(scan.issues.count == 1)
    #expect(
      scan.issues.first?.message.hasPrefix("emsg 4 (urn:scte:scte35:2013:bin): its message cannot be read: ")
        == true)
  }

  /// 200 fragments of a track without a timescale: 64 issues kept, then how many more there were.
  @Test func issuesAreBounded() throws {
    let fragment = CMAFWriter.box(
      "moof", CMAFWriter.box("traf", CMAFWriter.fullBox("tfdt", version: 0, CMAFWriter.u32(0))))
    let scan = try BMFFReader.read(Array([[UInt8]](repeating: fragment, count: 200).joined()))
    #expect(scan.issues.count == TSReader.maxIssues + 1)
    #expect(scan.issues.last?.message == "136 more issues were not kept")
  }

  @Test func badBoxesAreRefusedWithWhere() {
    func why(_ bytes: [UInt8]) -> String {
      do {
        return try BMFFReader.read(bytes).issues.first.map { "issue \($0)" } ?? "read"
      } catch { return error.description }
    }
    #expect(
      why(CMAFWriter.u32(4) + Array("moof".utf8))
        == "byte 0: box 'moof': its size 4 is smaller than its 8-byte header")
    #expect(
      why(CMAFWriter.u32(100) + Array("moof".utf8))
        == "byte 0: box 'moof': its size 100 runs past the 8 bytes left")
    #expect(
      why(CMAFWriter.u32(1) + Array("moof".utf8) + CMAFWriter.u64(1 << 62))
        == "byte 0: box 'moof': its size 4611686018427387904 runs past the 16 bytes left")
    var nested = CMAFWriter.box("moof", [])
    for _ in 0..<20 { nested = CMAFWriter.box("moof", nested) }
    #expect(why(nested) == "byte 64: boxes nest deeper than 8 levels")
    // A zero-size box runs to the end: a moof holding an endless run of empty trafs' headers.
    let endless = CMAFWriter.u32(0) + Array("moof".utf8) + CMAFWriter.u32(0) + Array("traf".utf8)
    #expect(why(endless) == "issue byte 0: track 0: no timescale (init segment) or tfdt")
    let lyingRun = CMAFWriter.box(
      "moof",
      CMAFWriter.box(
        "traf", CMAFWriter.fullBox("trun", version: 0, flags: 0x100, CMAFWriter.u32(1_000_000_000))))
    #expect(why(lyingRun) == "issue byte 16: trun's sample_count 1000000000 needs more than the 0 bytes left")
  }
}

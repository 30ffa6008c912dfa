import MediaKit
import MediaWriter
import Testing

/// An `emsg` box's `message_data` is at most `EventMessage.maxMessageBytes` (1 MiB, as a timed-ID3
/// PES): a larger one is an issue naming the box's offset, not an item, and the rest of the
/// segment is read (issue 37, R02).
@Suite struct EventMessageCapTests {
  static let initSegment = CMAFWriter.initSegment(timescale: 1000)

  static func segment(messageBytes: Int) -> [UInt8] {
    let big = CMAFWriter.emsg(
      version: 1, scheme: "urn:example:big", timescale: 1000, time: 1000, duration: 1000, id: 1,
      [UInt8](repeating: 0xAB, count: messageBytes))
    let small = CMAFWriter.emsg(
      version: 1, scheme: "urn:example:small", timescale: 1000, time: 2000, duration: 0, id: 2, [1, 2, 3])
    return CMAFWriter.mediaSegment(emsgs: [big, small], decodeTime: 1000, sampleDuration: 1000, samples: 6)
  }

  static func schemes(_ scan: MediaScan) -> [String] {
    scan.items.compactMap {
      if case .emsg(let message) = $0.payload { return message.schemeIdUri }
      return nil
    }
  }

  @Test func aMessageOverTheCapIsAnIssueAndTheRestIsRead() throws {
    let bytes = Self.segment(messageBytes: EventMessage.maxMessageBytes + 1)
    let scan = try BMFFReader.read(bytes, initSegment: try BMFFReader.readInit(Self.initSegment))
    #expect(Self.schemes(scan) == ["urn:example:small"])
    #expect(scan.streams.count == 1)
    let issue = try #require(scan.issues.first)
    #expect(scan.issues.count == 1)
    // The big emsg is the box after `styp` (24 bytes).
    #expect(issue.offset == 24)
    #expect(
      issue.message
        == "emsg 1 (urn:example:big): its message_data of 1048577 bytes is over the 1048576-byte cap: not read"
    )
  }

  @Test func aMessageAtTheCapIsAnItem() throws {
    let bytes = Self.segment(messageBytes: EventMessage.maxMessageBytes)
    let scan = try BMFFReader.read(bytes, initSegment: try BMFFReader.readInit(Self.initSegment))
    #expect(scan.issues == [])
    #expect(Self.schemes(scan) == ["urn:example:big", "urn:example:small"])
    guard case .emsg(let message)? = scan.items.first?.payload else {
      Issue.record("expected the big emsg")
      return
    }
    #expect(message.messageData.count == 1 << 20)
  }
}

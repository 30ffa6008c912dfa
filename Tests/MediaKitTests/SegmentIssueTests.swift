import MediaFixtures
import MediaKit
import MediaWriter
import Testing

/// What a run reports of a segment (issue 37, R01) starts here: each damage the reproducers
/// plant is an issue naming its byte offset, of kind `malformed`; what is well formed but not
/// read is `unsupported`; a `splice_null` heartbeat is nothing at all.
@Suite struct SegmentIssueTests {
  static func input(_ name: String) -> [UInt8] {
    HostileMedia.inputs().first { $0.name == name }?.bytes ?? []
  }

  static func issues(_ name: String) throws -> [MediaError] { try MediaReader.scan(input(name)).issues }

  @Test func anSCTE35SectionWhoseCRCFailsAndAnID3TagWhoseSizeLies() throws {
    let (bytes, section, id3) = HostileSegments.badCRCAndLyingID3()
    let scan = try MediaReader.scan(bytes)
    #expect(scan.items.isEmpty)
    #expect(scan.issues.count == 2)
    #expect(
      scan.issues.first
        == MediaError(
          at: section,
          "PID 259: the SCTE-35 section cannot be read: the section's CRC_32 does not match its bytes"))
    let lying = try #require(scan.issues.last)
    #expect((id3..<id3 + 188).contains(lying.offset))
    #expect(lying.message.hasPrefix("PID 258: the timed-ID3 PES's byte 6: the ID3 tag's size is 500 but "))
    #expect(lying.kind == .malformed)
  }

  @Test func aPATWhoseCRCFails() throws {
    #expect(
      try Self.issues("ts-pat-bad-crc.ts") == [
        MediaError(at: 0, "PID 0: the section's CRC_32 does not match its bytes"),
        MediaError(at: 0, "no PAT naming a PMT was found"),
      ])
    #expect(try Self.issues("ts-pmt-bad-crc.ts").map(\.kind) == [.malformed])
  }

  /// A frame larger than its tag stops the tag; one smaller than its data leaves bytes that are
  /// neither a frame nor padding, which were taken for padding before.
  @Test func anID3FrameWhoseSizeLies() throws {
    let larger = try Self.issues("ts-id3-frame-larger.ts")
    #expect(larger.count == 1)
    #expect(larger.first?.message.contains("TXXX's data") == true)
    #expect(larger.first?.kind == .malformed)
    let smaller = try MediaReader.scan(Self.input("ts-id3-frame-smaller.ts"))
    #expect(smaller.items.count == 1)
    #expect(
      smaller.issues.map(\.message) == [
        "PID 258: the timed-ID3 PES's byte 35: the frames end at bytes that are neither a frame nor padding "
          + "(a frame's size may lie)"
      ])
  }

  @Test func aShortPESLostSyncAndAPTSJumpAreMalformed() throws {
    for name in ["ts-lying-pes-length.ts", "ts-lost-sync.ts", "ts-pts-chaos.ts", "ts-truncated-packet.ts"] {
      let issues = try Self.issues(name)
      #expect(!issues.isEmpty && issues.allSatisfy { $0.kind == .malformed }, "\(name)")
    }
  }

  @Test func anEmsgWhoseSCTE35CRCFails() throws {
    let scan = try MediaReader.scan(Self.input("mp4-emsg-scte35-bad-crc.mp4"))
    #expect(scan.items.count == 1)
    #expect(
      scan.issues.map(\.message) == [
        "emsg 3 (urn:scte:scte35:2013:bin): its message cannot be read: the section's CRC_32 does not match its bytes"
      ])
    #expect(scan.issues.first?.kind == .malformed)
  }

  /// An ID3 `emsg` whose tag has a frame smaller than its data: the message is decoded (its
  /// first frame kept) and the rest is an issue at the box.
  @Test func anEmsgWhoseID3FrameSizeLies() throws {
    let emsg = CMAFWriter.emsg(
      version: 1, scheme: EventMessage.id3Scheme, timescale: 1, time: 5, duration: 0, id: 9,
      HostileSegments.frameSize(HostileSegments.tag(), by: -5))
    let segment = CMAFWriter.mediaSegment(emsgs: [emsg], decodeTime: 0, sampleDuration: 1, samples: 1)
    let scan = try BMFFReader.read(
      segment, initSegment: try BMFFReader.readInit(CMAFWriter.initSegment(timescale: 1)))
    #expect(scan.items.count == 1)
    #expect(
      scan.issues.map(\.message) == [
        "emsg 9 (https://aomedia.org/emsg/ID3): its ID3 tag's byte 35: the frames end at bytes that are neither "
          + "a frame nor padding (a frame's size may lie)"
      ])
    #expect(scan.issues.first?.offset == 24)  // the emsg box, after a 24-byte styp
  }

  /// A later tag that lies is an issue and the first tag's frames are kept (it refused the whole
  /// segment before); the leading tag's timestamp still has to be read.
  @Test func packedAudioWithABrokenLaterTag() throws {
    let bytes = Self.input("aac-later-tag-lying.aac")
    let scan = try MediaReader.scan(bytes)
    #expect(scan.items.count == 2)
    let issue = try #require(scan.issues.first)
    #expect(scan.issues.count == 1)
    #expect(issue.message.hasPrefix("an ID3 tag after the first: TXXX's data"))
    #expect(issue.offset > 200 && issue.offset < bytes.count)
    #expect(issue.kind == .malformed)
  }

  @Test func aHeartbeatIsNothingAndAPrivateCommandIsUnsupported() throws {
    let heartbeat = try MediaReader.scan(Self.input("ts-splice-null.ts"))
    #expect(heartbeat.items.isEmpty && heartbeat.issues.isEmpty)
    let issues = try Self.issues("ts-scte35-private-command.ts")
    #expect(issues.map(\.kind) == [.unsupported])
    #expect(issues.first?.message.contains("splice_command_type 0xFF is not supported") == true)
  }

  /// Packed MP3 audio is well formed; its later tags are not looked for.
  @Test func notReadIsUnsupported() throws {
    let mp3Frame = [0xFF, 0xFB, 0x90, 0x64] + [UInt8](repeating: 0, count: 413)
    let issues = try MediaReader.scan(HostileSegments.leadingTag() + mp3Frame).issues
    #expect(issues.map(\.kind) == [.unsupported])
    #expect(issues.first?.message == "not ADTS (AAC): tags after the first are not read")
  }
}

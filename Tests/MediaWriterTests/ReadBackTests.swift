import MediaKit
import MediaWriter
import SCTE35Kit
import Testing

/// MediaKit's readers read back what `MediaStream` writes: each signal in its segment, at its
/// time, with its fields; the segments' timestamps run on without a gap and the readers see no issue.
@Suite struct ReadBackTests {
  /// Every segment's scan, with the segment's number.
  private func scans(_ specText: String) throws -> [(segment: Int, scan: MediaScan)] {
    let stream = MediaStream(try MediaSpec.read(specText))
    let initInfo = try stream.initSegment.map { bytes throws(MediaError) in try BMFFReader.readInit(bytes) }
    return try (0..<stream.segmentCount).map { index in
      (index, try MediaReader.scan(stream.segment(index), initSegment: initInfo ?? BMFFInit()))
    }
  }

  @Test func tsCarriesTheTagsAndTheSpliceAtTheirTimes() throws {
    let scans = try scans(Specs.hlsTS)
    #expect(scans.count == 3)
    #expect(scans.allSatisfy { $0.scan.issues.isEmpty })
    var frames: [(Int, Double, ID3Frame)] = []
    var splices: [(Int, Double, SCTE35Signal)] = []
    for (segment, scan) in scans {
      for item in scan.items {
        switch item.payload {
        case .id3(let frame): frames.append((segment, item.time, frame))
        case .scte35(let signal): splices.append((segment, item.time, signal))
        case .emsg: Issue.record("no emsg in TS")
        }
      }
    }
    #expect(frames.map(\.0) == [0, 1, 1, 2])
    #expect(zip(frames.map(\.1), [1.234, 7.5, 7.5, 15.001]).allSatisfy { abs($0 - $1) < 1e-9 })
    #expect(frames.map(\.2.id) == ["TXXX", "PRIV", "TIT2", "YMID"])
    #expect(frames[0].2.content == .userText(description: "google", text: "google_1"))
    #expect(frames[1].2.content == .priv(owner: "com.example.adid", data: [0x0A, 0xD1, 0x00, 0x02]))
    #expect(frames[3].2.text == "mid-3")
    #expect(splices.count == 1)
    let splice = try #require(splices.first)
    #expect(splice.0 == 1 && splice.1 == 9)
    #expect(splice.2.command == .spliceInsert && splice.2.spliceEventId == 7 && splice.2.outOfNetwork == true)
    #expect(splice.2.breakDurationSeconds == 6)
    // The video runs from 0 to the last frame at 17.96 s, each segment on from the one before.
    let video = scans.map { $0.scan.streams.first { $0.streamType == 0x1B } }
    #expect(video.map { $0?.first } == [0, 6, 12])
  }

  @Test func cmafCarriesEachEmsgWithItsSchemeValueIdTimesAndData() throws {
    let scans = try scans(Specs.hlsCMAF)
    #expect(scans.allSatisfy { $0.scan.issues.isEmpty })
    var messages: [(segment: Int, time: Double, message: EventMessage)] = []
    for (segment, scan) in scans {
      for item in scan.items {
        guard case .emsg(let message) = item.payload else { continue }
        messages.append((segment, item.time, message))
      }
    }
    let own = messages.filter { $0.message.schemeIdUri.hasPrefix("urn:example") }
    #expect(own.map(\.message.id) == [11, 21, 12, 22])
    #expect(own.map(\.segment) == [0, 0, 1, 2])
    #expect(own.map(\.time) == [1.5, 2.125, 6.25, 10])
    #expect(own.map(\.message.version) == [0, 1, 0, 1])
    #expect(own.map(\.message.value) == ["a", "c", "b", ""])
    #expect(own.map(\.message.timescale) == [1000, 1000, 90_000, 48_000])
    // v0: the delta from the segment's start; v1: the time itself.
    #expect(own.map(\.message.presentationTime) == [1500, 2125, 202_500, 480_000])
    #expect(own.map(\.message.eventDuration) == [2000, 1000, 0xFFFF_FFFF, 0xFFFF_FFFF])
    #expect(
      own.map(\.message.messageData) == [
        Array("hello".utf8), Array("first".utf8), [0, 0xFF, 0x10], [0xCA, 0xFE],
      ])
    let id3 = try #require(messages.first { $0.message.schemeIdUri == "https://aomedia.org/emsg/ID3" })
    #expect(id3.time == 3)
    #expect(
      id3.message.decoded
        == .id3(
          ID3Tag(
            version: 4,
            frames: [
              ID3Frame(id: "TXXX", content: .userText(description: "google", text: "google_c"))
            ])))
    let scte = try #require(messages.first { $0.message.schemeIdUri == "urn:scte:scte35:2013:bin" })
    #expect(scte.time == 8 && scte.segment == 2 && scte.message.id == 9)
    guard case .scte35(let signal) = scte.message.decoded else {
      Issue.record("the SCTE-35 emsg is not decoded")
      return
    }
    #expect(signal.command == .timeSignal && signal.segmentations.first?.eventId == 9)
    let video = scans.map { $0.scan.streams.first { $0.id == 1 } }
    #expect(video.map { $0?.first } == [0, 4, 8])
    #expect(video.map { $0?.last } == [4, 8, 12])
  }

  @Test func packedAudioCarriesTheTagAtItsFrame() throws {
    let scans = try scans(Specs.packedAudio)
    #expect(scans.allSatisfy { $0.scan.issues.isEmpty })
    let items = scans.flatMap { $0.scan.items }
    // The leading tags' PRIV timestamps, then the tag at 2 s: 94 frames of 1024 samples at 48 kHz.
    let tagged = items.filter { if case .id3(let frame) = $0.payload { frame.id == "TXXX" } else { false } }
    #expect(tagged.count == 1)
    #expect(abs((tagged.first?.time ?? 0) - 94 * 1024 / 48_000.0) < 1e-9)
    #expect(scans.map { $0.scan.streams.first?.first } == [0, 188 * 1024 / 48_000.0])
  }
}

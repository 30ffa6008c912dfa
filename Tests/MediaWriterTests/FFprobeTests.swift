import Foundation
import MediaWriter
import TestFiles
import Testing

/// ffprobe, a peer, reads what `MediaStream` writes in each format: the streams it lists, the ID3
/// packets at their times, and ffmpeg decodes the whole stream without an error.
@Suite struct FFprobeTests {
  /// The stream's segments (after the init segment) joined into one file, as ffprobe reads them.
  private func joined(_ specText: String, _ scratch: Scratch, _ name: String) throws -> URL {
    let stream = MediaStream(try MediaSpec.read(specText))
    var bytes = stream.initSegment ?? []
    for index in 0..<stream.segmentCount { bytes += stream.segment(index) }
    let url = scratch.folder.appendingPathComponent(name)
    try Data(bytes).write(to: url)
    return url
  }

  @Test func hlsTSListsVideoAudioTimedID3AndSCTE35WithTheTagsAtTheirTimes() throws {
    let probe = try FFprobe()
    let scratch = try Scratch()
    let file = try joined(Specs.hlsTS, scratch, "all.ts")
    let (streams, packets) = try probe.read(file)
    #expect(streams.map(\.type) == ["video", "audio", "data", "data"])
    #expect(streams.map(\.codec) == ["h264", "aac", "timed_id3", "scte_35"])
    let id3 = try #require(streams.first { $0.codec == "timed_id3" })
    let times = packets.filter { $0.stream == id3.index }.compactMap(\.time)
    #expect(times.count == 3)
    for (time, expected) in zip(times, [1.234, 7.5, 15.001]) { #expect(abs(time - expected) <= 0.001) }
    let scte = try #require(streams.first { $0.codec == "scte_35" })
    #expect(packets.filter { $0.stream == scte.index }.count == 1)
    #expect(try probe.decodeErrors(file) == "")
  }

  @Test func hlsCMAFListsVideoAndAudioAndDecodes() throws {
    let probe = try FFprobe()
    let scratch = try Scratch()
    let file = try joined(Specs.hlsCMAF, scratch, "all.mp4")
    let (streams, packets) = try probe.read(file)
    #expect(streams.map(\.codec) == ["h264", "aac"])
    // 12 s: 300 frames of video at 25 fps, 563 AAC frames at 48 kHz.
    #expect(packets.filter { $0.stream == 0 }.count == 300)
    #expect(packets.filter { $0.stream == 1 }.count == 563)
    #expect(try probe.decodeErrors(file) == "")
  }

  @Test func dashSegmentsListVideoAndAudioAndDecode() throws {
    let probe = try FFprobe()
    let scratch = try Scratch()
    let file = try joined(Specs.dash, scratch, "all.mp4")
    #expect(try probe.read(file).streams.map(\.codec) == ["h264", "aac"])
    #expect(try probe.decodeErrors(file) == "")
  }

  @Test func packedAudioListsAACAndDecodes() throws {
    let probe = try FFprobe()
    let scratch = try Scratch()
    let file = try joined(Specs.packedAudio, scratch, "all.aac")
    #expect(try probe.read(file).streams.map(\.codec) == ["aac"])
    #expect(try probe.decodeErrors(file) == "")
  }
}

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

  @Test func aClipIsCutAtItsKeyFramesAndDecodesWithTheSignalsAtTheirTimes() throws {
    let probe = try FFprobe()
    let scratch = try Scratch()
    let clipFile = scratch.folder.appendingPathComponent("clip.ts")
    try probe.encodeClip(clipFile, seconds: 12)
    let spec = try MediaSpec.read(
      """
      {"format": "hls-ts", "duration": 10, "segmentDuration": 4, "payload": {"clip": "clip.ts"},
       "id3": [{"time": 1.5, "frames": [{"id": "TXXX", "description": "google", "text": "g1"}]},
               {"time": 6.25, "frames": [{"id": "TIT2", "text": "x"}]}],
       "scte35": [{"time": 4, "command": "splice_insert", "eventId": 1, "duration": 2}]}
      """)
    let stream = MediaStream(spec, clip: try TSClip([UInt8](try Data(contentsOf: clipFile))))
    #expect(stream.segmentDurations == [4, 4, 2])
    let file = scratch.folder.appendingPathComponent("all.ts")
    try Data((0..<stream.segmentCount).flatMap { stream.segment($0) }).write(to: file)
    let (streams, packets) = try probe.read(file)
    #expect(streams.map(\.codec) == ["h264", "aac", "timed_id3", "scte_35"])
    let times = packets.filter { $0.stream == 2 }.compactMap(\.time)
    #expect(times == [1.5, 6.25])
    // Every frame of the first 10 s (250 at 25 fps); the frames decoded before 10 s that are shown
    // after it (the reference pictures of the last B pictures) come too.
    let video = packets.filter { $0.stream == 0 }.compactMap(\.time)
    #expect(video.filter { $0 < 10 }.count == 250)
    #expect(try probe.decodeErrors(file) == "")
  }
}

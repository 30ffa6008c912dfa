import Foundation
import MediaKit
import MediaWriter
import TestFiles
import Testing

/// A clip of real H.264 (with B pictures) and AAC cut into CMAF: the init segment's `avc1` and
/// `mp4a` from the clip's SPS, PPS and ADTS headers; ffprobe reads the codecs, the picture size,
/// the duration and every picture at the clip's own presentation time, and ffmpeg decodes it all;
/// MediaKit reads back the tracks' timescales, the segments' times and the `emsg` ID3 tags.
@Suite struct ClipCMAFTests {
  /// A 12 s clip, encoded once for the suite.
  private static let encoded = Result { () throws -> TSClip in
    let scratch = try Scratch()
    let file = scratch.folder.appendingPathComponent("clip.ts")
    try FFprobe().encodeClip(file, seconds: 12)
    return try TSClip([UInt8](try Data(contentsOf: file)))
  }

  /// 10 s in 4 s segments, a tag in an `emsg` v1 at 1.5 s and one in a v0 of 1 kHz at 6.25 s.
  private static func stream(_ format: String) throws -> MediaStream {
    let spec = try MediaSpec.read(
      """
      {"format": "\(format)", "duration": 10, "segmentDuration": 4, "payload": {"clip": "clip.ts"},
       "id3": [{"time": 1.5, "frames": [{"id": "TXXX", "description": "google", "text": "g1"}]},
               {"time": 6.25, "frames": [{"id": "TXXX", "description": "google", "text": "g2"}],
                "emsg": {"version": 0, "timescale": 1000}}]}
      """)
    return MediaStream(spec, clip: try encoded.get())
  }

  @Test func theClipsParameterSetsGiveItsPictureSizeAndItsADTSHeadersTheAudioConfig() throws {
    let clip = try Self.encoded.get()
    // 320×180: 12 rows of macroblocks less 6 cropped lines of 2.
    #expect(clip.videoConfiguration.width == 320 && clip.videoConfiguration.height == 180)
    #expect(clip.audioConfiguration?.sampleRate == 48_000)
    #expect(clip.audioConfiguration?.channels == 1)
    #expect(clip.audioConfiguration?.audioSpecificConfig == [0x11, 0x88])
    #expect(clip.video.contains { Int64(truncatingIfNeeded: $0.pts) != $0.dts }, "no B pictures to offset")
  }

  @Test func ffprobeReadsTheCodecsSizeDurationAndEveryPictureAtItsTime() throws {
    let clip = try Self.encoded.get()
    let scratch = try Scratch()
    let stream = try Self.stream("hls-cmaf")
    #expect(stream.segmentDurations == [4, 4, 2])
    let file = scratch.folder.appendingPathComponent("all.mp4")
    try Data((stream.initSegment ?? []) + (0..<stream.segmentCount).flatMap { stream.segment($0) }).write(
      to: file)
    let probe = try FFprobe()
    let (streams, packets) = try probe.read(file)
    #expect(streams.map(\.codec) == ["h264", "aac"])
    let facts = try probe.videoSizeAndDuration(file)
    #expect(facts.width == 320 && facts.height == 180)
    // 10 s and the pictures decoded before 10 s but shown after it (the last B pictures' references).
    #expect(facts.duration >= 10 && facts.duration < 10.2, "\(facts.duration)")
    // The pictures at the clip's presentation times: the (negative, as CMAF has them) composition
    // offsets undo the B pictures' reordering. ffmpeg shows every picture later by the decoding
    // delay (its `dts_shift`), as it does ffmpeg's own CMAF (`-movflags cmaf`): times count from
    // the first. The 250 frames of the first 10 s are all there.
    let shown = packets.filter { $0.stream == 0 }.compactMap(\.time).sorted()
    let video = shown.map { $0 - (shown.first ?? 0) }
    let expected = clip.video.prefix(video.count).map { Double($0.pts) / 90_000 }.sorted()
    #expect(video.count == expected.count)
    #expect(zip(video, expected).allSatisfy { abs($0 - $1) < 1e-6 }, "\(video.prefix(8))")
    #expect(video.filter { $0 < 10 }.count == 250)
    // Audio from the clip's first PES at or after the first picture, on the same timeline.
    let audio = packets.filter { $0.stream == 1 }.compactMap(\.time)
    #expect(abs((audio.first ?? -1) - Double(clip.audio[0].pts) / 90_000) < 1e-3)
    #expect(zip(audio, audio.dropFirst()).allSatisfy { abs($1 - $0 - 1024 / 48_000.0) < 1e-3 })
    #expect(try probe.decodeErrors(file) == "")
  }

  @Test func mediaKitReadsTheTracksTimesAndTheTagsEmsgBoxes() throws {
    let stream = try Self.stream("hls-cmaf")
    let initInfo = try BMFFReader.readInit(try #require(stream.initSegment))
    #expect(initInfo.timescales == [1: 90_000, 2: 48_000])
    var tags: [(segment: Int, time: Double, version: UInt8, text: String?)] = []
    var videoStarts: [Double] = []
    for index in 0..<stream.segmentCount {
      let scan = try MediaReader.scan(stream.segment(index), initSegment: initInfo)
      #expect(scan.issues.isEmpty, "\(scan.issues)")
      videoStarts += scan.streams.filter { $0.id == 1 }.map(\.first)
      for item in scan.items {
        guard case .emsg(let message) = item.payload, case .id3(let tag) = message.decoded else { continue }
        tags.append((index, item.time, message.version, tag.frames.first?.text))
      }
    }
    #expect(videoStarts == [0, 4, 8])
    #expect(tags.map(\.segment) == [0, 1])
    #expect(tags.map(\.time) == [1.5, 6.25])
    #expect(tags.map(\.version) == [1, 0])
    #expect(tags.map(\.text) == ["g1", "g2"])
  }

  @Test func aDASHClipsMPDNamesTheClipsCodecsSizeAndRates() throws {
    let clip = try Self.encoded.get()
    let mpd = try Self.stream("dash").manifest
    let sps = clip.videoConfiguration.sps[1...3].map { String(format: "%02X", $0) }.joined()
    #expect(mpd.contains(#"codecs="avc1.\#(sps),mp4a.40.2""#), "\(mpd)")
    #expect(mpd.contains(#"width="320" height="180" frameRate="25" audioSamplingRate="48000""#), "\(mpd)")
  }
}

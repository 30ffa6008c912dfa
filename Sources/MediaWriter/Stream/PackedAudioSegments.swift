/// HLS packed audio segments of a spec (`hls-packed-audio`): silent ADTS frames after the leading
/// ID3 tag with the `com.apple.streaming.transportStreamTimestamp`, and each of the spec's ID3
/// tags between the frames, before the first frame at or after its time (so at a frame's start:
/// 1024 samples, 21.3 ms, apart).
struct PackedAudioSegments {
  static let timestampOwner = "com.apple.streaming.transportStreamTimestamp"

  let spec: MediaSpec
  let timeline: MediaTimeline

  func segment(_ segment: MediaTimeline.Segment) -> [UInt8] {
    let first = UInt64(truncatingIfNeeded: segment.audioFrames.lowerBound) * MediaTimeline.audioFrameTicks
    let timestamp = (timeline.startTicks + first) & (1 << 33 - 1)
    var leading = ID3Writer(version: 4)
    leading.priv(owner: Self.timestampOwner, CMAFWriter.u64(timestamp))
    var bytes = leading.bytes()
    var tags = spec.id3.filter { timeline.segment(at: MediaTimeline.ticks($0.time)).index == segment.index }
      .sorted { $0.time < $1.time }
    for frame in segment.audioFrames {
      let ticks = UInt64(truncatingIfNeeded: frame) * MediaTimeline.audioFrameTicks
      while let tag = tags.first, MediaTimeline.ticks(tag.time) <= ticks {
        bytes += MediaSpec.tag(tag)
        tags.removeFirst()
      }
      bytes += SilentAudio.adtsFrame
    }
    for tag in tags { bytes += MediaSpec.tag(tag) }
    return bytes
  }
}

/// MPEG-TS segments of a spec (`hls-ts`): blank video and silent audio with the timed-ID3 PES and
/// SCTE-35 sections at their times, in time order.
struct TSSegments {
  let spec: MediaSpec
  let timeline: MediaTimeline
  /// Audio frames per PES (about 107 ms).
  static let audioFramesPerPES = 5

  /// One thing to write, ordered by time, then by kind (video before what shares its time).
  private enum Item {
    case video(frame: Int, first: Bool)
    case audio(Range<Int>)
    case id3([UInt8])
    case section([UInt8])
  }

  func segment(_ segment: MediaTimeline.Segment) -> [UInt8] {
    var items: [(ticks: UInt64, order: Int, item: Item)] = []
    for frame in segment.videoFrames {
      let ticks = UInt64(truncatingIfNeeded: frame) * MediaTimeline.videoFrameTicks
      items.append((ticks, 0, .video(frame: frame, first: frame == segment.videoFrames.lowerBound)))
    }
    for group in stride(
      from: segment.audioFrames.lowerBound, to: segment.audioFrames.upperBound, by: Self.audioFramesPerPES)
    {
      let ticks = UInt64(truncatingIfNeeded: group) * MediaTimeline.audioFrameTicks
      items.append(
        (ticks, 1, .audio(group..<min(group + Self.audioFramesPerPES, segment.audioFrames.upperBound))))
    }
    for tag in spec.id3 where timeline.segment(at: MediaTimeline.ticks(tag.time)).index == segment.index {
      items.append((MediaTimeline.ticks(tag.time), 2, .id3(MediaSpec.tag(tag.frames))))
    }
    for splice in spec.scte35
    where timeline.segment(at: MediaTimeline.ticks(splice.time)).index == segment.index {
      let ticks = MediaTimeline.ticks(splice.time)
      items.append((ticks, 2, .section(MediaSpec.section(splice, ticks: timeline.startTicks + ticks))))
    }
    items.sort { ($0.ticks, $0.order) < ($1.ticks, $1.order) }
    var writer = TSWriter(withAudio: true, registersCUEI: true)
    for (ticks, _, item) in items {
      let pts = (timeline.startTicks + ticks) & (1 << 33 - 1)
      switch item {
      case .video(let frame, let first):
        writer.videoFrame(
          pts: pts,
          Self.accessUnit(frame - segment.videoFrames.lowerBound, idrPictureId: segment.index, first: first),
          key: first)
      case .audio(let frames):
        writer.audio(pts: pts, Array(repeating: SilentAudio.adtsFrame, count: frames.count).flatMap { $0 })
      case .id3(let tag): writer.id3(pts: pts, tag)
      case .section(let section): writer.scte35(section)
      }
    }
    return writer.bytes
  }

  /// An access unit in Annex B: a delimiter, then SPS, PPS and an IDR picture at a segment's
  /// start, else a picture of skipped macroblocks.
  static func accessUnit(_ number: Int, idrPictureId: Int, first: Bool) -> [UInt8] {
    let start: [UInt8] = [0, 0, 0, 1]
    let delimiter: [UInt8] = [0x09, first ? 0x10 : 0x30]
    if first {
      return start + delimiter + start + BlankVideo.sequenceParameterSet + start
        + BlankVideo.pictureParameterSet
        + start + BlankVideo.idrPicture(idrPictureId: idrPictureId % 2)
    }
    return start + delimiter + start + BlankVideo.skippedPicture(frameNumber: number)
  }
}

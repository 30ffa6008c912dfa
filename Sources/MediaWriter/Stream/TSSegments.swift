/// MPEG-TS segments of a spec (`hls-ts`): blank video and silent audio with the timed-ID3 PES and
/// SCTE-35 sections at their times, in time order.
struct TSSegments {
  let spec: MediaSpec
  let timeline: MediaTimeline
  /// The clip whose units the segments carry instead of blank video and silent audio.
  let clip: TSClip?
  /// Audio frames per PES (about 107 ms).
  static let audioFramesPerPES = 5

  /// One thing to write, ordered by time, then by kind (video before what shares its time).
  private enum Item {
    case video(frame: Int, first: Bool)
    case clipVideo(TSClip.Unit)
    case clipAudio(TSClip.Unit)
    case audio(Range<Int>)
    case id3([UInt8])
    case section([UInt8])
  }

  func segment(_ segment: MediaTimeline.Segment) -> [UInt8] {
    var items: [(ticks: Int64, order: Int, item: Item)] =
      clip.map { clipItems($0, segment) } ?? placeholderItems(segment)
    for tag in spec.id3 where timeline.segment(at: MediaTimeline.ticks(tag.time)).index == segment.index {
      items.append(
        (Int64(truncatingIfNeeded: MediaTimeline.ticks(tag.time)), 2, .id3(MediaSpec.tag(tag))))
    }
    for splice in spec.scte35
    where timeline.segment(at: MediaTimeline.ticks(splice.time)).index == segment.index {
      let ticks = MediaTimeline.ticks(splice.time)
      items.append(
        (
          Int64(truncatingIfNeeded: ticks), 2,
          .section(MediaSpec.section(splice, ticks: timeline.startTicks + ticks))
        ))
    }
    // By time, then kind, then as added (a clip's video in decoding order).
    let ordered = items.enumerated().sorted {
      ($0.element.ticks, $0.element.order, $0.offset) < ($1.element.ticks, $1.element.order, $1.offset)
    }.map(\.element)
    var writer = TSWriter(withAudio: true, registersCUEI: true)
    for (ticks, _, item) in ordered {
      let pts =
        UInt64(truncatingIfNeeded: Int64(truncatingIfNeeded: timeline.startTicks) + ticks) & (1 << 33 - 1)
      switch item {
      case .video(let frame, let first):
        writer.videoFrame(
          pts: pts,
          Self.accessUnit(frame - segment.videoFrames.lowerBound, idrPictureId: segment.index, first: first),
          key: first)
      case .audio(let frames):
        writer.audio(pts: pts, Array(repeating: SilentAudio.adtsFrame, count: frames.count).flatMap { $0 })
      case .clipVideo(let unit):
        writer.videoFrame(
          pts: (timeline.startTicks + unit.pts) & (1 << 33 - 1), dts: pts, unit.bytes, key: unit.key)
      case .clipAudio(let unit): writer.audio(pts: pts, unit.bytes)
      case .id3(let tag): writer.id3(pts: pts, tag)
      case .section(let section): writer.scte35(section)
      }
    }
    return writer.bytes
  }

  /// Blank video frames and silent audio, by time.
  private func placeholderItems(_ segment: MediaTimeline.Segment) -> [(ticks: Int64, order: Int, item: Item)]
  {
    var items: [(ticks: Int64, order: Int, item: Item)] = []
    for frame in segment.videoFrames {
      let ticks = Int64(truncatingIfNeeded: UInt64(truncatingIfNeeded: frame) * MediaTimeline.videoFrameTicks)
      items.append((ticks, 0, .video(frame: frame, first: frame == segment.videoFrames.lowerBound)))
    }
    let audio = segment.audioFrames
    for group in stride(from: audio.lowerBound, to: audio.upperBound, by: Self.audioFramesPerPES) {
      let ticks = Int64(truncatingIfNeeded: UInt64(truncatingIfNeeded: group) * MediaTimeline.audioFrameTicks)
      items.append((ticks, 1, .audio(group..<min(group + Self.audioFramesPerPES, audio.upperBound))))
    }
    return items
  }

  /// The clip's units in decoding order (a video unit at its DTS), audio by PTS.
  private func clipItems(_ clip: TSClip, _ segment: MediaTimeline.Segment) -> [(
    ticks: Int64, order: Int, item: Item
  )] {
    segment.videoFrames.map { (clip.video[$0].dts, 0, .clipVideo(clip.video[$0])) }
      + segment.audioFrames.map {
        (Int64(truncatingIfNeeded: clip.audio[$0].pts), 1, .clipAudio(clip.audio[$0]))
      }
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

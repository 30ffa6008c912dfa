import CheckedNumbers

/// CMAF segments of a spec (`hls-cmaf`, `dash`): one init segment of a video track (1, 90 kHz)
/// and an audio track (2, at its sample rate), and media segments of both, with `emsg` boxes
/// before the `moof`: the spec's own, its ID3 tags (`https://aomedia.org/emsg/ID3`) and its
/// SCTE-35 splices (`urn:scte:scte35:2013:bin`), in the segment whose span holds their time. The
/// samples are blank video and silent audio, or a clip's (`CMAFSegments+Clip.swift`).
struct CMAFSegments {
  static let id3Scheme = "https://aomedia.org/emsg/ID3"
  static let scte35Scheme = "urn:scte:scte35:2013:bin"

  let spec: MediaSpec
  let timeline: MediaTimeline
  /// The clip whose samples the segments carry instead of blank video and silent audio.
  let clip: TSClip?

  /// The init segment: the clip's tracks, or blank video's and silent audio's.
  static func initSegment(clip: TSClip?) -> [UInt8] {
    if let clip { return clipInitSegment(clip) }
    let sps = BlankVideo.sequenceParameterSet
    let pps = BlankVideo.pictureParameterSet
    return CMAFWriter.initSegment(tracks: [
      (.video(width: BlankVideo.width, height: BlankVideo.height, sps: sps, pps: pps), 90_000),
      (
        .audio(sampleRate: SilentAudio.sampleRate, channels: 1, config: SilentAudio.audioSpecificConfig),
        UInt32(truncatingIfNeeded: SilentAudio.sampleRate)
      ),
    ])
  }

  func segment(_ segment: MediaTimeline.Segment) -> [UInt8] {
    CMAFWriter.mediaSegment(
      emsgs: messages(segment), sequence: segment.index + 1,
      fragments: clip.map { clipFragments($0, segment) } ?? placeholderFragments(segment))
  }

  /// Blank video (an IDR picture, then skipped pictures) and silent audio.
  private func placeholderFragments(_ segment: MediaTimeline.Segment) -> [CMAFWriter.Fragment] {
    let first = segment.videoFrames.lowerBound
    let video = segment.videoFrames.map { frame in
      let picture =
        frame == first
        ? BlankVideo.idrPicture(idrPictureId: segment.index % 2)
        : BlankVideo.skippedPicture(frameNumber: frame - first)
      return (
        duration: UInt32(truncatingIfNeeded: MediaTimeline.videoFrameTicks),
        bytes: CMAFWriter.u32(picture.count) + picture, sync: frame == first
      )
    }
    let audio = segment.audioFrames.map { _ in
      (
        duration: UInt32(truncatingIfNeeded: SilentAudio.frameSamples), bytes: SilentAudio.rawFrame,
        sync: true
      )
    }
    let audioStart = UInt64(truncatingIfNeeded: segment.audioFrames.lowerBound * SilentAudio.frameSamples)
    return [
      CMAFWriter.Fragment(track: 1, decodeTime: timeline.startTicks + segment.startTicks, samples: video),
      CMAFWriter.Fragment(
        track: 2, decodeTime: audioStart + timeline.startTicks * 48_000 / 90_000, samples: audio),
    ]
  }

  /// The segment's `emsg` boxes, by time.
  private func messages(_ segment: MediaTimeline.Segment) -> [[UInt8]] {
    func inSegment(_ time: Double) -> Bool {
      timeline.segment(at: MediaTimeline.ticks(time)).index == segment.index
    }
    var boxes: [(time: Double, box: [UInt8])] = []
    for (index, tag) in spec.id3.enumerated() where inSegment(tag.time) {
      let box = carried(
        tag.emsg, segment, time: tag.time, duration: nil, id: UInt32(truncatingIfNeeded: index + 1),
        scheme: Self.id3Scheme, MediaSpec.tag(tag))
      boxes.append((tag.time, box))
    }
    for splice in spec.scte35 where inSegment(splice.time) {
      let ticks = timeline.startTicks + MediaTimeline.ticks(splice.time)
      let box = carried(
        splice.emsg, segment, time: splice.time, duration: splice.duration, id: splice.eventId,
        scheme: Self.scte35Scheme, MediaSpec.section(splice, ticks: ticks))
      boxes.append((splice.time, box))
    }
    for message in spec.emsg where inSegment(message.time) {
      let base = message.version == 0 ? Double(segment.startTicks) / 90_000 : spec.start
      let time = (message.time + (message.version == 0 ? -base : base))
      let ticks =
        EventMessageTiming.ticks(time, message.timescale)
        ?? EventMessageTiming.rounded(time, message.timescale)
      let duration =
        message.duration.flatMap { EventMessageTiming.ticks($0, message.timescale) } ?? 0xFFFF_FFFF
      boxes.append(
        (
          message.time,
          CMAFWriter.emsg(
            version: message.version, scheme: message.scheme, value: message.value,
            timescale: message.timescale,
            time: ticks, duration: UInt32(truncatingIfNeeded: duration), id: message.id, message.data)
        ))
    }
    return boxes.sorted { $0.time < $1.time }.map(\.box)
  }
}

extension CMAFSegments {
  /// The `emsg` box of an ID3 tag or SCTE-35 section at content time `time`, as `carriage` says
  /// (the defaults when nil: version 1, 90 kHz, `id`, `scheme`).
  fileprivate func carried(
    _ carriage: MediaSpec.EmsgCarriage?, _ segment: MediaTimeline.Segment, time: Double, duration: Double?,
    id: UInt32, scheme: String, _ data: [UInt8]
  ) -> [UInt8] {
    let carriage = carriage ?? MediaSpec.EmsgCarriage()
    let ticks = MediaTimeline.ticks(time)
    // Version 0 counts from the segment's start, version 1 from media time 0.
    let from = carriage.version == 0 ? ticks - min(ticks, segment.startTicks) : timeline.startTicks + ticks
    let scale = Double(carriage.timescale) / 90_000
    let boxDuration = duration.map { EventMessageTiming.rounded($0, carriage.timescale) } ?? 0
    return CMAFWriter.emsg(
      version: carriage.version, scheme: carriage.scheme ?? scheme, value: carriage.value,
      timescale: carriage.timescale, time: UInt64.checked((Double(from) * scale).rounded()) ?? 0,
      duration: UInt32(truncatingIfNeeded: boxDuration), id: carriage.id ?? id, data)
  }
}

extension EventMessageTiming {
  /// `seconds` × `timescale` rounded to a whole tick.
  static func rounded(_ seconds: Double, _ timescale: UInt32) -> UInt64 {
    UInt64.checked((seconds * Double(timescale)).rounded()) ?? 0
  }
}

/// A clip's H.264 and AAC as CMAF tracks: video (track 1, 90 kHz) each access unit a sample,
/// its NAL units length-prefixed and its parameter sets in the `avcC`; audio (track 2, at the
/// clip's sample rate) each ADTS frame a raw sample, its `AudioSpecificConfig` in the `esds`.
extension CMAFSegments {
  /// The init segment of the clip's tracks.
  static func clipInitSegment(_ clip: TSClip) -> [UInt8] {
    let avc = clip.videoConfiguration
    var tracks: [(kind: CMAFWriter.TrackKind, timescale: UInt32)] = [
      (.video(width: avc.width, height: avc.height, sps: avc.sps, pps: avc.pps), 90_000)
    ]
    if let aac = clip.audioConfiguration {
      tracks.append(
        (
          .audio(sampleRate: aac.sampleRate, channels: aac.channels, config: aac.audioSpecificConfig),
          UInt32(truncatingIfNeeded: aac.sampleRate)
        ))
    }
    return CMAFWriter.initSegment(tracks: tracks)
  }

  /// The segment's video and audio fragments. A sample's decode time is its DTS moved on by the
  /// clip's first frame's decoding delay (B pictures decode before they show), so that decode
  /// times start at 0 and a picture's composition time (decode time + offset) is its PTS.
  func clipFragments(_ clip: TSClip, _ segment: MediaTimeline.Segment) -> [CMAFWriter.Fragment] {
    let delay = max(0, -(clip.video.first?.dts ?? 0))
    let video = clip.video
    var samples: [(duration: UInt32, bytes: [UInt8], sync: Bool)] = []
    var offsets: [Int32] = []
    for index in segment.videoFrames {
      let unit = video[index]
      let next = index + 1 < video.count ? video[index + 1].dts : nil
      let previous = index > 0 ? video[index - 1].dts : nil
      let duration = next.map { $0 - unit.dts } ?? previous.map { unit.dts - $0 } ?? 3600
      samples.append((UInt32(truncatingIfNeeded: duration), AnnexB.sample(unit.bytes), unit.key))
      offsets.append(Int32(truncatingIfNeeded: Int64(truncatingIfNeeded: unit.pts) - unit.dts - delay))
    }
    let firstDecode = segment.videoFrames.first.map { video[$0].dts + delay } ?? 0
    var fragments = [
      CMAFWriter.Fragment(
        track: 1, decodeTime: timeline.startTicks + UInt64(truncatingIfNeeded: firstDecode), samples: samples,
        compositionOffsets: offsets.allSatisfy { $0 == 0 } ? [] : offsets)
    ]
    if let aac = clip.audioConfiguration, let first = segment.audioFrames.first {
      let frames = segment.audioFrames.flatMap { ADTSAudio.rawFrames(clip.audio[$0].bytes) }
      let rate = UInt64(truncatingIfNeeded: aac.sampleRate)
      let start = (timeline.startTicks + clip.audio[first].pts) * rate
      fragments.append(
        CMAFWriter.Fragment(
          track: 2, decodeTime: (start + 45_000) / 90_000,
          samples: frames.map { (UInt32(truncatingIfNeeded: $0.samples), $0.bytes, true) }))
    }
    return fragments
  }
}

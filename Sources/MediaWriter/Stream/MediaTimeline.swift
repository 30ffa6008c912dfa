import CheckedNumbers

/// Where the frames and segments of a spec's stream fall, in 90 kHz ticks of media time: video
/// frames every 3600 ticks (25 fps), audio frames every 1920 (AAC at 48 kHz), a segment starting
/// at the first video frame at or after each multiple of the segment duration.
struct MediaTimeline {
  /// One segment: its number, its video frames and audio frames (indexes), its span.
  struct Segment {
    var index: Int
    var videoFrames: Range<Int>
    var audioFrames: Range<Int>
    /// Ticks from the stream's first frame.
    var startTicks: UInt64
    var endTicks: UInt64
    var duration: Double { Double(endTicks - startTicks) / 90_000 }
  }

  static let ticksPerSecond: UInt64 = 90_000
  static let videoFrameTicks = UInt64(truncatingIfNeeded: 90_000 / BlankVideo.frameRate)
  static let audioFrameTicks = UInt64(truncatingIfNeeded: SilentAudio.frameTicks)

  /// The media time of the first frame.
  let startTicks: UInt64
  let segments: [Segment]

  init(_ spec: MediaSpec) {
    startTicks = Self.ticks(spec.start)
    let total = Self.ticks(spec.duration)
    let videoCount = Int(truncatingIfNeeded: (total + Self.videoFrameTicks - 1) / Self.videoFrameTicks)
    let perSegment = spec.segmentDuration * Double(BlankVideo.frameRate)
    var bounds: [Int] = [0]
    var index = 1
    while true {
      let next = Int.checked((perSegment * Double(index) - 1e-6).rounded(.up)) ?? videoCount
      if next >= videoCount { break }
      bounds.append(next)
      index += 1
    }
    bounds.append(videoCount)
    var segments: [Segment] = []
    for number in 0..<bounds.count - 1 {
      let start = UInt64(truncatingIfNeeded: bounds[number]) * Self.videoFrameTicks
      let end = min(total, UInt64(truncatingIfNeeded: bounds[number + 1]) * Self.videoFrameTicks)
      let firstAudio = Self.audioIndex(atOrAfter: start)
      let endAudio = Self.audioIndex(atOrAfter: end)
      segments.append(
        Segment(
          index: number, videoFrames: bounds[number]..<bounds[number + 1], audioFrames: firstAudio..<endAudio,
          startTicks: start, endTicks: end))
    }
    self.segments = segments
  }

  /// The segments of a clip: each starts at the first IDR picture at or after a multiple of the
  /// segment duration; frame indexes are the clip's units.
  init(_ spec: MediaSpec, clip: TSClip) {
    startTicks = Self.ticks(spec.start)
    let total = Self.ticks(spec.duration)
    let video = clip.video.prefix { $0.dts < Int64(truncatingIfNeeded: total) }
    let step = spec.segmentDuration * 90_000
    var bounds: [Int] = [0]
    var number = 1
    for (index, unit) in video.enumerated() where unit.key && index > 0 {
      guard Double(unit.pts) >= step * Double(number) - 90 else { continue }
      bounds.append(index)
      number = (Int.checked((Double(unit.pts) / step).rounded(.down)) ?? number) + 1
    }
    bounds.append(video.count)
    var segments: [Segment] = []
    for index in 0..<bounds.count - 1 {
      let start = video[bounds[index]].pts
      let end = bounds[index + 1] < video.count ? video[bounds[index + 1]].pts : total
      let audio = clip.audio.indices.filter { clip.audio[$0].pts >= start && clip.audio[$0].pts < end }
      segments.append(
        Segment(
          index: index, videoFrames: bounds[index]..<bounds[index + 1],
          audioFrames: (audio.first ?? 0)..<((audio.last ?? -1) + 1), startTicks: start, endTicks: end))
    }
    self.segments = segments
  }

  /// Seconds as ticks, rounded.
  static func ticks(_ seconds: Double) -> UInt64 { UInt64.checked((seconds * 90_000).rounded()) ?? 0 }

  private static func audioIndex(atOrAfter ticks: UInt64) -> Int {
    Int(truncatingIfNeeded: (ticks + audioFrameTicks - 1) / audioFrameTicks)
  }

  /// The segment whose span holds `ticks` (from the first frame); the last one past the end.
  func segment(at ticks: UInt64) -> Segment {
    segments.last { $0.startTicks <= ticks } ?? segments[0]
  }

  /// The longest segment, whole seconds up: the playlist's target duration.
  var targetDuration: Int {
    let longest = segments.map(\.duration).max() ?? 1
    return Int.checked(longest.rounded(.up)) ?? 1
  }
}

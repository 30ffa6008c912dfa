import OutsideText

/// The HLS media playlist of a spec: all its segments (VOD), or a window of them (live), with
/// `EXT-X-DATERANGE` lines when the spec has date ranges.
struct HLSPlaylist {
  /// The `EXT-X-PROGRAM-DATE-TIME` of the first frame: 2026-01-01T00:00:00Z.
  static let firstFrameDate = 1_767_225_600.0

  let spec: MediaSpec
  let timeline: MediaTimeline
  let segmentName: (Int) -> String

  /// The playlist of segments `window`; `ended` closes it with `EXT-X-ENDLIST`.
  func text(_ window: Range<Int>, ended: Bool) -> String {
    let vod = spec.live == nil
    var lines = ["#EXTM3U", "#EXT-X-VERSION:\(spec.format == .hlsCMAF ? 7 : 3)"]
    lines.append("#EXT-X-TARGETDURATION:\(timeline.targetDuration)")
    lines.append("#EXT-X-MEDIA-SEQUENCE:\(window.lowerBound)")
    if vod { lines.append("#EXT-X-PLAYLIST-TYPE:VOD") }
    if spec.format == .hlsCMAF { lines.append("#EXT-X-MAP:URI=\"init.mp4\"") }
    for index in window {
      let segment = timeline.segments[index]
      if !spec.dateranges.isEmpty && (index == window.lowerBound) {
        lines.append(
          "#EXT-X-PROGRAM-DATE-TIME:"
            + ISO8601.text(Self.firstFrameDate + Double(segment.startTicks) / 90_000))
      }
      for range in spec.dateranges where timeline.segment(at: MediaTimeline.ticks(range.time)).index == index
      {
        lines.append(dateRange(range))
      }
      lines.append("#EXTINF:" + Self.decimal(segment.duration) + ",")
      lines.append(segmentName(index))
    }
    if ended { lines.append("#EXT-X-ENDLIST") }
    return lines.joined(separator: "\n") + "\n"
  }

  private func dateRange(_ range: MediaSpec.DateRange) -> String {
    var attributes = ["ID=\"\(range.id)\""]
    if let className = range.className { attributes.append("CLASS=\"\(className)\"") }
    attributes.append("START-DATE=\"" + ISO8601.text(Self.firstFrameDate + range.time) + "\"")
    if let duration = range.duration { attributes.append("DURATION=" + Self.decimal(duration)) }
    if let out = range.scte35Out {
      let ticks = timeline.startTicks + MediaTimeline.ticks(range.time)
      let section = SCTE35Writer.spliceInsert(
        eventId: range.eventId, ptsTime: ticks & (1 << 33 - 1),
        duration: range.duration.map(MediaTimeline.ticks),
        out: out)
      let hex = section.map { String($0, radix: 16, uppercase: true) }.map { $0.count == 1 ? "0" + $0 : $0 }
      attributes.append((out ? "SCTE35-OUT=0x" : "SCTE35-IN=0x") + hex.joined())
    }
    return "#EXT-X-DATERANGE:" + attributes.joined(separator: ",")
  }

  /// Seconds with three decimals.
  static func decimal(_ seconds: Double) -> String {
    let millis = Int.checked((seconds * 1000).rounded()) ?? 0
    let fraction = String(millis % 1000)
    return "\(millis / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
  }
}

import CheckedNumbers
import PlayerSeam

/// Rules on the media segments the player loaded (`segment-loaded`, `segment-duration`,
/// `segment-timestamps`, `segment-issue`), from the `segment`, `segmenterror` and `segment-issue`
/// log entries (docs/media.md "Segments in virtual time").
extension StrictChecker {
  /// A problem the media reader found in a loaded segment's bytes; one it only does not read
  /// (kind `unsupported`: an encrypted section, MP3's later tags) breaks no rule.
  func segmentIssue(_ entry: LogEntry) {
    guard entry.fields["kind"]?.stringValue != "unsupported" else { return }
    let url = entry.fields["url"]?.stringValue ?? "?"
    let offset = entry.fields["offset"]?.numberValue.flatMap { Int.checked($0) }.map(String.init) ?? "?"
    let message = entry.fields["message"]?.stringValue ?? ""
    report(.segmentIssue, entry, message: "segment \(url), byte \(offset): \(message)")
  }

  func segmentFailed(_ entry: LogEntry) {
    lastSegment = nil
    let url = entry.fields["url"]?.stringValue ?? "?"
    let message = entry.fields["message"]?.stringValue ?? ""
    report(.segmentLoaded, entry, message: "segment \(url) failed: \(message)")
  }

  func segmentLoaded(_ entry: LogEntry) {
    defer { lastSegment = entry }
    guard let segment = SegmentTimes(entry) else { return }
    let tolerance = options.segmentTolerance + 1e-6
    let listed = segment.contentEnd - segment.contentStart
    let measured = segment.mediaEnd - segment.mediaStart
    if abs(measured - listed) > tolerance {
      report(
        .segmentDuration, entry,
        message:
          "segment \(segment.url): its media lasts \(Self.seconds(measured)), "
          + "\(segment.period == nil ? "its EXTINF" : "the MPD") says "
          + "\(Self.seconds(listed)) (± \(Self.seconds(options.segmentTolerance)))")
    }
    guard let previousEntry = lastSegment, let previous = SegmentTimes(previousEntry),
      segment.sequence == previous.sequence + 1, !segment.discontinuity
    else { return }
    let expected = previous.mediaStart + (previous.contentEnd - previous.contentStart)
    let jump = segment.mediaStart - expected
    guard abs(jump) > tolerance else { return }
    report(
      .segmentTimestamps, entry,
      message:
        "segment \(segment.url): its timestamps start at \(Self.seconds(segment.mediaStart)), "
        + "\(Self.seconds(abs(jump))) \(jump < 0 ? "before" : "after") where \(previous.url) leaves them "
        + "(\(Self.seconds(expected))), "
        + (segment.period.map { "within Period \($0)" } ?? "without EXT-X-DISCONTINUITY"),
      entries: [previousEntry, entry])
  }
}

/// What a `segment` entry says of its segment's times; nil when it lacks any (a segment with no
/// audio or video has no media times).
struct SegmentTimes {
  let url: String
  let sequence: Double
  let discontinuity: Bool
  /// The DASH Period's key; nil for HLS.
  let period: String?
  let contentStart: Double
  let contentEnd: Double
  let mediaStart: Double
  let mediaEnd: Double

  init?(_ entry: LogEntry) {
    let fields = entry.fields
    guard let url = fields["url"]?.stringValue, let sequence = fields["sequence"]?.numberValue,
      let contentStart = fields["startTime"]?.numberValue, let contentEnd = fields["endTime"]?.numberValue,
      let mediaStart = fields["mediaStart"]?.numberValue, let mediaEnd = fields["mediaEnd"]?.numberValue
    else { return nil }
    self.url = url
    self.sequence = sequence
    discontinuity = fields["discontinuity"] == .bool(true)
    period = fields["period"]?.stringValue
    self.contentStart = contentStart
    self.contentEnd = contentEnd
    self.mediaStart = mediaStart
    self.mediaEnd = mediaEnd
  }
}

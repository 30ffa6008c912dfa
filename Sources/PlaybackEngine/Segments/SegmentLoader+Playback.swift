import Foundation
import HLSKit
import PlayerSeam

extension SegmentLoader {
  /// Follows the playhead: loads ahead as it moves, starts over where a seek lands outside
  /// what is loaded, and watches for the buffer running dry while playing.
  func listen() {
    let follow: [(EventType, (SegmentLoader) -> Void)] = [
      (.timeupdate, { $0.pump() }), (.playing, { $0.resumed() }), (.pause, { $0.cancelDry() }),
      (.seeked, { $0.seeked() }), (.error, { $0.cancelDry() }),
    ]
    let backlink = backlink
    for (type, action) in follow {
      player.addEventListener(type) { _ in
        if let loader = backlink.object { action(loader) }
      }
    }
  }

  private func resumed() {
    pump()
    scheduleDry()
  }

  func cancelDry() {
    dryTimer?.cancel()
    dryTimer = nil
  }

  /// While playing, a timer for the moment the playhead reaches the end of what is loaded.
  func scheduleDry() {
    cancelDry()
    // No segments (a source that is no playlist, an MPD without any): nothing to wait for.
    guard active, !segments.isEmpty, player.isLoaded, !player.paused, !player.isWaiting,
      player.fatalError == nil
    else { return }
    if let end = player.timeline.duration, bufferedEnd >= end - 0.0005 { return }
    let wait = bufferedEnd - player.currentTime
    guard wait >= 0 else { return runDry() }
    dryTimer = player.loop.after(wait) { [backlink] in
      backlink.object?.dryTimer = nil
      backlink.object?.runDry()
    }
  }

  /// The playhead reached the end of what is loaded: the content waits for the next segment.
  private func runDry() {
    guard active, !player.paused, player.isLoaded, player.currentTime >= bufferedEnd - 0.0000005 else {
      return scheduleDry()
    }
    if let end = player.timeline.duration, player.currentTime >= end { return }
    player.setWaiting(true)
    pump()
  }

  /// After a seek: loading starts over at the segment holding the playhead unless it landed in
  /// what is loaded.
  private func seeked() {
    let position = player.currentTime
    if position >= bufferStart, position < bufferedEnd {
      if player.isWaiting { player.setWaiting(false) }
      scheduleDry()
      return
    }
    generation += 1
    loading = false
    let landing = landing(at: position)
    cursor = landing ?? 0
    bufferStart = landing.map { segments[$0].startTime } ?? position
    bufferedEnd = bufferStart
    pump()
    scheduleDry()
  }

  /// A `segment` (or `init-segment`) entry: `url`, `range`, `status`, `bytes`, `attempts` (when
  /// more than one), and for a media segment the content time it covers, its new cues, its media
  /// sequence number, whether `EXT-X-DISCONTINUITY` precedes it (or it starts a DASH Period after
  /// the first), its DASH Period's key (`period`), and the media time its audio and
  /// video cover (`mediaStart`, `mediaEnd`: first and last timestamp, when it has such streams) —
  /// what the strict segment rules check (docs/testing.md).
  func logLoad(
    _ kind: LogKind, url: URL, range: HLSByteRange?, answer: SegmentAnswer, segment: LoadSegment?, cues: Int,
    media: ClosedRange<Double>? = nil
  ) {
    var fields = JSONObject([("url", .string(url.absoluteString))])
    if let range { fields["range"] = .string(range.rangeHeader) }
    if let status = answer.status { fields["status"] = .number(Double(status)) }
    fields["bytes"] = .number(Double(answer.body.count))
    if answer.attempts > 1 { fields["attempts"] = .number(Double(answer.attempts)) }
    if let segment {
      fields["startTime"] = .number(segment.startTime)
      fields["endTime"] = .number(segment.endTime)
      if cues > 0 { fields["cues"] = .number(Double(cues)) }
      fields["sequence"] = .number(Double(segment.sequence))
      if segment.discontinuity { fields["discontinuity"] = .bool(true) }
      if let period = segment.period { fields["period"] = .string(period) }
      if let media {
        fields["mediaStart"] = .number(media.lowerBound)
        fields["mediaEnd"] = .number(media.upperBound)
      }
    }
    player.appendLog(kind, fields: fields)
  }

  /// A `segmenterror` entry: the segment's `url`, the content time it covers, `message` (naming
  /// the URL that failed), `attempts`.
  func logError(_ segment: LoadSegment, message: String, attempts: Int) {
    var fields = JSONObject([("url", .string(segment.url.absoluteString))])
    fields["startTime"] = .number(segment.startTime)
    fields["endTime"] = .number(segment.endTime)
    fields["message"] = .string(message)
    fields["attempts"] = .number(Double(attempts))
    player.appendLog(.segmenterror, fields: fields)
  }
}

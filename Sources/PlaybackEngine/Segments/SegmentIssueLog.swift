import Foundation
import MediaKit
import PlayerSeam

/// Tells what the media reader found wrong in a loaded segment (`MediaScan.issues`: a CRC_32 that
/// fails, an ID3 size that lies, a short PES, an `emsg` that cannot be decoded, lost sync, a PTS
/// jump, …) as `segment-issue` log entries after the segment's `segment` entry
/// (docs/media.md "Segments in virtual time"), so that a cue the bytes meant to carry is never
/// silently missing. Bounded: at most `perSegment` entries a segment (the last counting the rest)
/// and `perSource` a source (then one entry saying the rest are not logged); an `unsupported`
/// issue's message is told once per source.
struct SegmentIssueLog {
  /// The most entries one segment gets.
  static let perSegment = 8
  /// The most entries one source gets, before the one saying that the rest are not logged.
  static let perSource = 500

  /// Entries logged for this source.
  private var logged = 0
  /// The messages of the `unsupported` issues told for this source: each is told once (an MP3
  /// stream's every segment has the same).
  private var notes: Set<String> = []

  /// Logs the issues of a segment (its bytes at `url`, the sub-range `range` of it).
  mutating func log(_ all: [MediaError], url: URL, range: String?, to player: any IntegrationPlayer) {
    guard !all.isEmpty, logged <= Self.perSource else { return }
    let issues = all.filter { $0.kind == .malformed || notes.insert($0.message).inserted }
    var entries = issues.prefix(Self.perSegment).map {
      (offset: $0.offset, kind: $0.kind, message: $0.message)
    }
    let last = Self.perSegment - 1
    if issues.count > Self.perSegment {
      // The last entry tells its issue and how many more there are, of the worst kind among them.
      let rest = issues[last...]
      entries[last].kind = rest.contains { $0.kind == .malformed } ? .malformed : .unsupported
      entries[last].message += " (and \(rest.count - 1) more issues in this segment, not logged)"
    }
    for entry in entries {
      guard logged < Self.perSource else {
        if logged == Self.perSource {
          logged += 1
          let message = "\(Self.perSource) segment issues were logged for this source: the rest are not"
          player.appendLog(
            .segmentIssue, fields: Self.fields(url, range, entry.offset, .malformed, message))
        }
        return
      }
      logged += 1
      player.appendLog(
        .segmentIssue, fields: Self.fields(url, range, entry.offset, entry.kind, entry.message))
    }
  }

  /// An entry's fields: `url`, `range` (when the segment is a sub-range), `offset` (in the
  /// segment's bytes), `kind` (`malformed` or `unsupported`), `message`.
  private static func fields(
    _ url: URL, _ range: String?, _ offset: Int, _ kind: MediaError.Kind, _ message: String
  ) -> JSONObject {
    var fields = JSONObject([("url", .string(url.absoluteString))])
    if let range { fields["range"] = .string(range) }
    fields["offset"] = .number(Double(offset))
    fields["kind"] = .string(kind.rawValue)
    fields["message"] = .string(message)
    return fields
  }
}

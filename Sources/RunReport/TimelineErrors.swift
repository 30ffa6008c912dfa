import CheckedNumbers
import PlayerSeam

/// Which entries the timeline draws as errors (a red line and a circle with `!`), and what their
/// markers say.
extension RunTimeline {
  /// Error kinds drawn in red.
  static let errorKinds: Set<LogKind> = [
    .error, .aderror, .pluginError, .playlistError, .mpdError, .segmenterror,
  ]

  /// Whether `entry` is drawn as an error: one of `errorKinds`, or a `segment-issue` of a
  /// malformed segment (one of kind `unsupported` only notes what is not read).
  static func isError(_ entry: LogEntry) -> Bool {
    errorKinds.contains(entry.kind)
      || (entry.kind == .segmentIssue && entry.fields["kind"]?.stringValue != "unsupported")
  }

  /// What an error marker says: its message (a segment issue's with its segment's URL and byte
  /// offset), else its fields.
  static func errorText(_ entry: LogEntry) -> String {
    guard let message = entry.fields["message"]?.stringValue else { return details(entry) }
    guard entry.kind == .segmentIssue, let url = entry.fields["url"]?.stringValue else { return message }
    let offset = entry.fields["offset"]?.numberValue.flatMap { Int.checked($0) }.map(String.init) ?? "?"
    return "\(url), byte \(offset): \(message)"
  }
}

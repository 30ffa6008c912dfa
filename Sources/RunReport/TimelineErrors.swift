import AdPlayer
import CheckedNumbers

/// Which entries the timeline draws as errors (a red line and a circle with `!`), and what their
/// markers say.
extension RunTimeline {
  /// Error types drawn in red.
  static let errorTypes: Set<String> = [
    "error", "aderror", "plugin-error", "playlist-error", "mpd-error", "segmenterror",
  ]

  /// Whether `entry` is drawn as an error: one of `errorTypes`, or a `segment-issue` of a
  /// malformed segment (one of kind `unsupported` only notes what is not read).
  static func isError(_ entry: LogEntry) -> Bool {
    errorTypes.contains(entry.type)
      || (entry.type == "segment-issue" && entry.fields["kind"]?.stringValue != "unsupported")
  }

  /// What an error marker says: its message (a segment issue's with its segment's URL and byte
  /// offset), else its fields.
  static func errorText(_ entry: LogEntry) -> String {
    guard let message = entry.fields["message"]?.stringValue else { return details(entry) }
    guard entry.type == "segment-issue", let url = entry.fields["url"]?.stringValue else { return message }
    let offset = entry.fields["offset"]?.numberValue.flatMap { Int.checked($0) }.map(String.init) ?? "?"
    return "\(url), byte \(offset): \(message)"
  }
}

import HTTPKit

/// The end-of-run summary of the requests an `--offline` recording could not answer.
enum UnmatchedRequests {
  /// "adhost run: 2 requests matched nothing in the recording DIR:" and one line per request.
  static func summary(_ replay: OfflineTransport, allowed: Bool) -> String {
    let unmatched = replay.unmatched
    let total = unmatched.reduce(0) { $0 + $1.count }
    var lines = [
      "adhost run: \(total) request\(total == 1 ? "" : "s") matched nothing in the recording \(replay.folder.path)"
        + (allowed ? " (allowed by --allow-unmatched):" : ":")
    ]
    for (key, count) in unmatched { lines.append("  \(count)× \(key)") }
    if !allowed {
      lines.append("Record the run again (--record DIR), or pass --allow-unmatched to accept them.")
    }
    return lines.joined(separator: "\n")
  }
}

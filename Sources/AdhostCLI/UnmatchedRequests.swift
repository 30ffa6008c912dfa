import HTTPKit

/// The end-of-run summary of the requests an `--offline` recording could not answer, and the
/// note about a recording made before recordings kept what requests send.
enum UnmatchedRequests {
  /// Prints the recording's note, once, as the run starts (`command`: `adhost run`…).
  static func printNote(_ replay: OfflineTransport?, _ command: String, to console: Console) {
    if let note = replay?.note { console.printError("\(command): note: \(note)") }
  }

  /// "adhost run: 2 requests matched nothing in the recording DIR:" and one line per request.
  static func summary(_ replay: OfflineTransport, allowed: Bool) -> String {
    let unmatched = replay.unmatched
    let total = unmatched.reduce(0) { $0 + $1.count }
    var lines = [
      "adhost run: \(total) request\(total == 1 ? "" : "s") matched nothing in the recording \(replay.folder.path)"
        + (allowed ? " (allowed by --allow-unmatched):" : ":")
    ]
    for request in unmatched {
      lines.append("  \(request.count)× \(request.key)" + (request.difference.map { ": \($0)" } ?? ""))
    }
    if !allowed {
      lines.append("Record the run again (--record DIR), or pass --allow-unmatched to accept them.")
    }
    return lines.joined(separator: "\n")
  }
}

import CheckedNumbers
import Foundation

/// Why an HTTP (or `file:`) request failed; every case names the URL.
public enum HTTPError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Plain `http://` to a non-loopback host while arbitrary loads are not allowed.
  case insecureURL(URL)
  /// A scheme other than `http`, `https` or (when allowed) `file`.
  case unsupportedScheme(URL)
  /// A `file:` URL while file access is not allowed.
  case fileAccessDenied(URL)
  /// No complete answer within the timeout (seconds).
  case timeout(URL, seconds: Double)
  /// More redirects than the limit.
  case tooManyRedirects(URL, limit: Int)
  /// A redirect (from the second URL) to a scheme other than `http` or `https`, such as `file:`;
  /// the first URL is the target, as the server's `Location` gave it.
  case refusedRedirect(URL, from: URL)
  /// The body grew past the cap (bytes); the transfer was cancelled.
  case bodyTooLarge(URL, limit: Int)
  /// The server answered with a status outside 200–299 where success was required.
  case status(URL, Int)
  /// A connection, DNS, TLS, truncated-body or file-reading failure, with the system's message.
  case network(URL, String)
  /// Offline mode: no recorded response matches the request; `recordedAs`, the URL it was looked
  /// up as when `--map-host` changed it.
  case notRecorded(URL, recordedAs: URL? = nil)
  /// Offline mode: the recording has the method and URL, but not what the request sends; the
  /// first difference (`body adsParams.userSegment: recorded "sports", sent "CHANGED"`), and the
  /// URL it was looked up as when `--map-host` changed it.
  case recordedDifferently(URL, String, recordedAs: URL? = nil)

  /// The URL the failure is about.
  public var url: URL {
    switch self {
    case .insecureURL(let url), .unsupportedScheme(let url), .fileAccessDenied(let url),
      .timeout(let url, _), .tooManyRedirects(let url, _), .refusedRedirect(let url, _),
      .bodyTooLarge(let url, _),
      .status(let url, _), .network(let url, _), .notRecorded(let url, _),
      .recordedDifferently(let url, _, _):
      return url
    }
  }

  /// True when an offline recording has no answer for the request (`notRecorded`,
  /// `recordedDifferently`).
  public var isUnrecorded: Bool {
    switch self {
    case .notRecorded, .recordedDifferently: return true
    default: return false
    }
  }

  /// True for a timeout.
  public var isTimeout: Bool {
    if case .timeout = self { return true }
    return false
  }

  /// The URL, then what went wrong.
  public var description: String {
    let target = url.absoluteString
    switch self {
    case .insecureURL:
      return "\(target): plain http is refused (allow arbitrary loads, e.g. --allow-http, to permit it)"
    case .unsupportedScheme: return "\(target): unsupported URL scheme"
    case .fileAccessDenied: return "\(target): file URLs are not allowed here"
    case .timeout(_, let seconds): return "\(target): timed out after \(formatSeconds(seconds)) s"
    case .tooManyRedirects(_, let limit): return "\(target): more than \(limit) redirects"
    case .refusedRedirect(_, let origin):
      let scheme = url.scheme.map { "\"\($0)\"" } ?? "(none)"
      return "\(target): redirect from \(origin.absoluteString) refused: the scheme \(scheme) is not allowed"
        + " (a redirect may only lead to http or https)"
    case .bodyTooLarge(_, let limit): return "\(target): body larger than \(limit) bytes"
    case .status(_, let status): return "\(target): HTTP status \(status)"
    case .network(_, let message): return "\(target): \(message)"
    case .notRecorded(_, let recorded):
      return "\(target): no recorded response matches this request (offline mode\(Self.lookedUp(recorded)))"
    case .recordedDifferently(_, let difference, let recorded):
      return
        "\(target): no recorded response matches this request (offline mode\(Self.lookedUp(recorded))): \(difference)"
    }
  }
}

extension HTTPError {
  /// `, looked up as URL (--map-host)` for a request whose URL `--map-host` changed.
  fileprivate static func lookedUp(_ recorded: URL?) -> String {
    recorded.map { ", looked up as \($0.absoluteString) (--map-host)" } ?? ""
  }
}

private func formatSeconds(_ seconds: Double) -> String {
  Int64.checked(seconds).map(String.init) ?? String(format: "%.3g", seconds)
}

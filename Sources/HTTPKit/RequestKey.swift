import Foundation
import OutsideText

/// The identity of a request for recording and replay: method, scheme, host, port, path and
/// the query items sorted, without cache-buster parameters (whose values change every run) and,
/// in a recording that redacts secrets, without the redacted ones and the user info's password
/// (they match any value).
public struct RequestKey: Hashable, Sendable, CustomStringConvertible {
  /// Query parameters (compared case-insensitively) left out of the key by default.
  public static let defaultVolatileParameters: Set<String> = [
    "cb", "cachebuster", "cache_buster", "cachebust", "correlator", "rnd", "rand", "random", "ord",
    "_", "ts", "timestamp",
  ]

  /// The key as text, e.g. `GET https://ads.example/vast?id=7`.
  public let description: String

  /// The key of `method` and `url`, ignoring the `volatile` query parameters and those
  /// `redaction` covers (their names percent-decoded), and without a password when there is a
  /// `redaction`.
  public init(
    method: String = "GET", url: URL, volatile: Set<String> = RequestKey.defaultVolatileParameters,
    redaction: SecretRedaction? = nil
  ) {
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
      description = method.uppercased() + " " + url.absoluteString
      return
    }
    components.fragment = nil
    if redaction != nil { components.percentEncodedPassword = nil }
    components.scheme = components.scheme?.lowercased()
    components.host = components.host?.lowercased()
    let kept = (components.percentEncodedQueryItems ?? []).filter {
      !volatile.contains($0.name.lowercased()) && redaction?.isSecretParameter($0.name) != true
    }
    components.percentEncodedQueryItems =
      kept.isEmpty ? nil : kept.sorted { ($0.name, $0.value ?? "") < ($1.name, $1.value ?? "") }
    description = method.uppercased() + " " + (components.string ?? url.absoluteString)
  }
}

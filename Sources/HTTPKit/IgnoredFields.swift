import OutsideText

/// What a replay leaves out when it compares what a request sends with what was recorded: the
/// cache busters and `--ignore-param` names (a query parameter, a form field, a JSON member by
/// name at any depth or by JSON path such as `adsParams.userSegment`, a header), the redacted
/// names, and for headers those a client sets by itself.
public struct IgnoredFields: Sendable {
  /// Header fields that tell the client apart, not the integration (a web engine sends them
  /// all; GStreamer's souphttpsrc sends `icy-metadata: 1` with every playlist request); never
  /// compared. So are names starting with `sec-`.
  public static let clientHeaders: Set<String> = [
    "user-agent", "accept", "accept-encoding", "accept-language", "accept-charset", "referer", "origin",
    "connection", "host", "content-length", "cache-control", "pragma", "upgrade-insecure-requests", "dnt",
    "priority", "te", "keep-alive", "if-none-match", "if-modified-since", "icy-metadata",
  ]

  /// Names and JSON paths, in lower case.
  let names: Set<String>
  /// The recording's redacted names.
  let redaction: SecretRedaction

  /// Leaves out `names` (compared case-insensitively) and what `redaction` covers.
  public init(names: some Sequence<String>, redaction: SecretRedaction) {
    self.names = Set(names.map { $0.lowercased() })
    self.redaction = redaction
  }

  /// Whether a body field — a form field, or a JSON member named `name` at `path` — is left out.
  func ignores(field name: String, path: String) -> Bool {
    names.contains(name.lowercased()) || names.contains(path.lowercased()) || redaction.isSecret(name)
  }

  /// Whether the header field `name` is left out.
  func ignores(header name: String) -> Bool {
    let lower = name.lowercased()
    return Self.clientHeaders.contains(lower) || lower.hasPrefix("sec-") || names.contains(lower)
      || redaction.isSecret(lower)
  }
}

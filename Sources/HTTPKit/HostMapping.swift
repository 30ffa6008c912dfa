import Foundation

/// `RECORDED=SENT` (`--map-host`): a replay answers a request sent to the host (and port) `SENT`
/// as the recording's request to `RECORDED` — so a recording made against a test server on one
/// port replays against the same server on another. Each side is `host` or `host:port` (an IPv6
/// address in brackets, `[::1]:8080`); without a port, the URL's scheme's default port, and the
/// default port given (`:443` for `https`, `:80` for `http`) is the same as none.
public struct HostMapping: Sendable, Equatable, CustomStringConvertible {
  /// A host, in lower case without brackets, and a port if one was given.
  public struct Endpoint: Sendable, Equatable {
    /// The host name or address.
    public let host: String
    /// The port, if given.
    public let port: Int?
  }

  /// Where the recording's requests went.
  public let recorded: Endpoint
  /// Where the replayed run sends them.
  public let sent: Endpoint

  /// Reads `RECORDED=SENT`; the error says what was expected.
  public init(_ text: String) throws(HostMappingError) {
    let sides = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
    guard sides.count == 2, let recorded = Self.endpoint(sides[0]), let sent = Self.endpoint(sides[1]) else {
      throw HostMappingError(
        description:
          "expected RECORDED=SENT, each a host or host:port (such as 127.0.0.1:8080=127.0.0.1:53124), got '\(text)'"
      )
    }
    self.recorded = recorded
    self.sent = sent
  }

  /// `127.0.0.1:8080=127.0.0.1:53124`.
  public var description: String { Self.text(recorded) + "=" + Self.text(sent) }

  /// The URL as the recording has it, when `url` goes to `sent`; nil otherwise.
  func recordedURL(for url: URL) -> URL? {
    guard let host = url.host.map(Self.bare), host == sent.host,
      (url.port ?? Self.defaultPort(url)) == (sent.port ?? Self.defaultPort(url)),
      var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
    else { return nil }
    if recorded.host.contains(":") {
      components.percentEncodedHost = "[\(recorded.host)]"
    } else {
      components.host = recorded.host
    }
    // The default port written out is no port: the recording's keys have none for it.
    components.port = recorded.port == Self.defaultPort(url) ? nil : recorded.port
    return components.url
  }

  private static func endpoint(_ text: Substring) -> Endpoint? {
    var host = text.lowercased()
    var port: Int?
    if let colon = host.lastIndex(of: ":"), !host[colon...].contains("]"),
      host.hasPrefix("[") || host.firstIndex(of: ":") == colon
    {
      guard let number = Int(host[host.index(after: colon)...]), (1...65535).contains(number) else {
        return nil
      }
      port = number
      host = String(host[..<colon])
    }
    host = bare(host)
    let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: ".-:_"))
    guard !host.isEmpty, host.unicodeScalars.allSatisfy(allowed.contains) else { return nil }
    return Endpoint(host: host, port: port)
  }

  private static func bare(_ host: String) -> String {
    let lower = host.lowercased()
    return lower.hasPrefix("[") && lower.hasSuffix("]") ? String(lower.dropFirst().dropLast()) : lower
  }

  private static func defaultPort(_ url: URL) -> Int? {
    switch url.scheme?.lowercased() {
    case "https": return 443
    case "http": return 80
    default: return nil
    }
  }

  private static func text(_ endpoint: Endpoint) -> String {
    let host = endpoint.host.contains(":") ? "[\(endpoint.host)]" : endpoint.host
    return endpoint.port.map { "\(host):\($0)" } ?? host
  }
}

/// A `--map-host` value that is not `RECORDED=SENT`.
public struct HostMappingError: Error, Sendable, CustomStringConvertible {
  /// What was expected and what was given.
  public let description: String
}

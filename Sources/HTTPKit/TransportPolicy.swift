import Foundation

/// Which URLs may be loaded, after iOS's App Transport Security: `https` always; plain `http`
/// only to loopback hosts (127.0.0.0/8, `::1`, `localhost`) unless arbitrary loads are
/// allowed; `file:` only when allowed.
public struct TransportPolicy: Sendable, Equatable {
  /// Allow plain `http://` to any host (iOS `NSAllowsArbitraryLoads`).
  public var allowsArbitraryLoads: Bool
  /// Allow `file:` URLs.
  public var allowsFileURLs: Bool

  /// A policy; the default refuses non-loopback `http` and `file:`.
  public init(allowsArbitraryLoads: Bool = false, allowsFileURLs: Bool = false) {
    self.allowsArbitraryLoads = allowsArbitraryLoads
    self.allowsFileURLs = allowsFileURLs
  }

  /// Throws when the policy refuses the URL.
  public func check(_ url: URL) throws(HTTPError) {
    switch url.scheme?.lowercased() {
    case "https":
      return
    case "http":
      if allowsArbitraryLoads || Self.isLoopback(host: url.host) { return }
      throw .insecureURL(url)
    case "file":
      if allowsFileURLs { return }
      throw .fileAccessDenied(url)
    default:
      throw .unsupportedScheme(url)
    }
  }

  /// True for `localhost`, `::1` and any 127.x.y.z address.
  public static func isLoopback(host: String?) -> Bool {
    guard var host = host?.lowercased() else { return false }
    if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
    if host == "localhost" || host == "::1" || host == "0:0:0:0:0:0:0:1" { return true }
    let parts = host.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 4, parts[0] == "127" else { return false }
    return parts.allSatisfy { part in UInt8(part).map { _ in true } ?? false }
  }
}

import Foundation
import LoopbackHTTP

/// The per-view secret that makes the engine the proxy's only client: a random user and password
/// the helper hands WebKit inside the proxy's URI (`http://user:secret@127.0.0.1:port`), which
/// WebKit's network stack answers the proxy's `407` challenge with (`Proxy-Authorization: Basic`)
/// and then sends with every request and `CONNECT`. Anything else that reaches the port (another
/// local process or user) is refused with `407`, never forwarded, never logged as the creative's
/// request nor recorded, and a `CONNECT` of it never makes the view accept a certificate.
struct ProxyCredentials: Sendable {
  let user = "adhost"
  let secret: String

  /// Fresh random credentials (128 bits, from the system's generator).
  init() {
    var generator = SystemRandomNumberGenerator()
    secret = (0..<4).map { _ in String(format: "%08x", generator.next() as UInt32) }.joined()
  }

  /// Whether the request carries these credentials (`Proxy-Authorization: Basic …`).
  func admits(_ request: LoopbackRequest) -> Bool {
    let given = request.headers.filter {
      $0.name.caseInsensitiveCompare("Proxy-Authorization") == .orderedSame
    }
    guard given.count == 1 else { return false }
    let parts = given[0].value.split(separator: " ", omittingEmptySubsequences: true)
    guard parts.count == 2, parts[0].caseInsensitiveCompare("Basic") == .orderedSame else { return false }
    return Self.sameBytes(Array(parts[1].utf8), Array(expected.utf8))
  }

  /// The `Basic` token of these credentials.
  private var expected: String { Data("\(user):\(secret)".utf8).base64EncodedString() }

  /// The `Proxy-Authorization` value the engine sends.
  var authorization: String { "Basic " + expected }

  /// Compares without stopping at the first difference (no timing hint for a guesser).
  private static func sameBytes(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
    guard lhs.count == rhs.count else { return false }
    var difference: UInt8 = 0
    for index in lhs.indices { difference |= lhs[index] ^ rhs[index] }
    return difference == 0
  }

  /// The challenge: `407` asking for Basic credentials; the connection closes after it.
  static let challenge = LoopbackResponse(
    status: 407, headers: [("Proxy-Authenticate", "Basic realm=\"adhost\"")],
    body: Data("adhost: this proxy serves only its WebKit view\n".utf8))

  /// The challenge as raw bytes, for a `CONNECT` whose socket the tunnel handler holds.
  static let challengeBytes = Array(
    ("HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm=\"adhost\"\r\n"
      + "Content-Length: 0\r\nConnection: close\r\n\r\n").utf8)
}

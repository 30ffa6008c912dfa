import Foundation
import LoopbackHTTP

/// The requests the proxy refused (no or wrong credentials), reported when the view closes. The
/// engine's own first request of a connection meets the challenge too and is sent again with the
/// credentials: a refusal that its authenticated repeat followed (same method and target) was the
/// engine's and is forgotten, so what is left is what other processes sent. At most `limit` are
/// kept (then only counted), each target cut to 200 characters.
final class ProxyRefusals: @unchecked Sendable {
  static let limit = 32
  private let lock = NSLock()
  private var refused: [(method: String, target: String, reason: String)] = []
  private var more = 0

  /// Notes a refused request.
  func refuse(_ request: LoopbackRequest) {
    let reason = request.header("Proxy-Authorization") == nil ? "no credentials" : "wrong credentials"
    lock.withLock {
      guard refused.count < Self.limit else { return more += 1 }
      refused.append((String(request.method.prefix(16)), String(request.target.prefix(200)), reason))
    }
  }

  /// The engine sent `request` with its credentials: its own refused first try is forgotten.
  func admitted(_ request: LoopbackRequest) {
    let method = String(request.method.prefix(16))
    let target = String(request.target.prefix(200))
    lock.withLock {
      if let index = refused.firstIndex(where: {
        $0.reason == "no credentials" && $0.method == method && $0.target == target
      }) {
        refused.remove(at: index)
      }
    }
  }

  /// A `proxyrefused` event per request refused that was not the engine's, in arrival order, then
  /// one with `more` for those past the limit.
  func events() -> [WebViewEvent] {
    lock.withLock {
      var events = refused.map { refusal in
        WebViewEvent(
          "proxyrefused",
          [
            ("method", .string(refusal.method)), ("target", .string(refusal.target)),
            ("reason", .string(refusal.reason)),
          ])
      }
      if more > 0 { events.append(WebViewEvent("proxyrefused", [("more", .number(Double(more)))])) }
      return events
    }
  }
}

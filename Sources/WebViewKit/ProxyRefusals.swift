import Foundation
import LoopbackHTTP
import Synchronization

/// The requests the proxy refused (no or wrong credentials), reported when the view closes. The
/// engine's own first request of a connection meets the challenge too and is sent again with the
/// credentials: a refusal that its authenticated repeat followed (same method and target) was the
/// engine's and is forgotten, so what is left is what other processes sent. At most `limit` are
/// kept (then only counted), each target cut to 200 characters.
final class ProxyRefusals: Sendable {
  static let limit = 32
  /// The refusals kept, and how many more there were.
  private struct Refused {
    var kept: [(method: String, target: String, reason: String)] = []
    var more = 0
  }

  private let refused = Mutex(Refused())

  /// Notes a refused request.
  func refuse(_ request: LoopbackRequest) {
    let reason = request.header("Proxy-Authorization") == nil ? "no credentials" : "wrong credentials"
    refused.withLock { refused in
      guard refused.kept.count < Self.limit else { return refused.more += 1 }
      refused.kept.append((String(request.method.prefix(16)), String(request.target.prefix(200)), reason))
    }
  }

  /// The engine sent `request` with its credentials: its own refused first try is forgotten.
  func admitted(_ request: LoopbackRequest) {
    let method = String(request.method.prefix(16))
    let target = String(request.target.prefix(200))
    refused.withLock { refused in
      if let index = refused.kept.firstIndex(where: {
        $0.reason == "no credentials" && $0.method == method && $0.target == target
      }) {
        refused.kept.remove(at: index)
      }
    }
  }

  /// A `proxyrefused` event per request refused that was not the engine's, in arrival order, then
  /// one with `more` for those past the limit.
  func events() -> [WebViewEvent] {
    refused.withLock { refused in
      var events = refused.kept.map { refusal in
        WebViewEvent(
          "proxyrefused",
          [
            ("method", .string(refusal.method)), ("target", .string(refusal.target)),
            ("reason", .string(refusal.reason)),
          ])
      }
      if refused.more > 0 {
        events.append(WebViewEvent("proxyrefused", [("more", .number(Double(refused.more)))]))
      }
      return events
    }
  }
}

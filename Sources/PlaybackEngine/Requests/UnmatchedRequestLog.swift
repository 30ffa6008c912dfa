import Foundation
import HTTPKit
import PlayerSeam

/// Puts each request an offline recording has no answer for into the run's log, as an
/// `offline-unmatched` entry (`method`, `url`, and `difference` when the recording has the URL but
/// not what the request sent) at the virtual time it was made, whoever made it:
/// `http`, `vast.load`, a beacon, a playlist read. The strict checks fail a run on it.
// why: `loop` is not Sendable; off the host thread it only begins work (thread-safe).
final class UnmatchedRequestLog: HTTPTransport, @unchecked Sendable {
  private let upstream: any HTTPTransport
  // Used off the host thread only to begin work, which is thread-safe (the inbox's lock).
  private let loop: any IntegrationScheduler
  private let player: HostThreadOnly<any IntegrationPlayer>

  init(upstream: any HTTPTransport, player: any IntegrationPlayer) {
    self.upstream = upstream
    self.loop = player.loop
    self.player = HostThreadOnly(player)
  }

  /// The client with its offline transport wrapped; any other client as it is.
  static func wrapping(_ client: HTTPClient, player: any IntegrationPlayer) -> HTTPClient {
    guard client.transport is OfflineTransport else { return client }
    return HTTPClient(
      policy: client.policy, timeout: client.timeout, maxRedirects: client.limits.maxRedirects,
      maxBodyBytes: client.limits.maxBodyBytes,
      transport: UnmatchedRequestLog(upstream: client.transport, player: player))
  }

  func perform(
    _ request: HTTPRequest, limits: HTTPLimits,
    completion: @escaping @Sendable (Result<HTTPResponse, HTTPError>) -> Void
  ) {
    // Holds the clock until the entry is logged, so it carries the request's virtual time.
    let player = self.player
    loop.startWork("offline \(request.method) \(request.url.absoluteString)", latency: .enclosing) { done in
      upstream.perform(request, limits: limits) { result in
        done(result)
        completion(result)
      }
    } completion: { result in
      guard case .failure(let error) = result, error.isUnrecorded else { return }
      var fields = JSONObject([
        ("method", .string(request.method)), ("url", .string(request.url.absoluteString)),
      ])
      if case .recordedDifferently(_, let difference, _) = error {
        fields["difference"] = .string(difference)
      }
      player.value.appendLog(.offlineUnmatched, fields: fields)
    }
  }
}

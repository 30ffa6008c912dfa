import Foundation
import HTTPKit
import OutsideText
import PlayerSeam

/// Puts each request into the run's log as a `request` entry at the virtual time it was made,
/// whoever made it (`http`, `vast.load`, a beacon, a playlist read): `method`, `url`, `kind`
/// (when the request has one), `headers` (when it has any) and `body` (text; `bodyBytes` for a
/// body that is not UTF-8), with `SecretRedaction`'s secrets redacted. Scenarios assert
/// requests with them (`adhost test`'s `requests`).
// why: `loop` is not Sendable; off the host thread it only begins work (thread-safe).
final class RequestLog: HTTPTransport, @unchecked Sendable {
  /// The most of a body's text an entry keeps; a longer one is cut there (`bodyTruncated`).
  static let maxBodyCharacters = 256 << 10

  private let upstream: any HTTPTransport
  // Used off the host thread only to begin work, which is thread-safe (the inbox's lock).
  private let loop: any IntegrationScheduler
  private let player: HostThreadOnly<any IntegrationPlayer>
  private let redaction: SecretRedaction

  init(upstream: any HTTPTransport, player: any IntegrationPlayer, redaction: SecretRedaction) {
    self.upstream = upstream
    self.loop = player.loop
    self.player = HostThreadOnly(player)
    self.redaction = redaction
  }

  /// The client with its requests logged.
  static func wrapping(_ client: HTTPClient, player: any IntegrationPlayer, redaction: SecretRedaction)
    -> HTTPClient
  {
    HTTPClient(
      policy: client.policy, timeout: client.timeout, maxRedirects: client.limits.maxRedirects,
      maxBodyBytes: client.limits.maxBodyBytes,
      transport: RequestLog(upstream: client.transport, player: player, redaction: redaction))
  }

  func perform(
    _ request: HTTPRequest, limits: HTTPLimits,
    completion: @escaping @Sendable (Result<HTTPResponse, HTTPError>) -> Void
  ) {
    // Holds the clock until the entry is queued, so it carries the request's virtual time; entries
    // queued from one thread keep the order of their requests.
    let fields = Self.fields(request, redaction)
    let player = self.player
    loop.runNow("request \(request.method) \(request.url.absoluteString)") {
      player.value.appendLog(.request, fields: fields)
    }
    upstream.perform(request, limits: limits, completion: completion)
  }

  static func fields(_ request: HTTPRequest, _ redaction: SecretRedaction) -> JSONObject {
    var fields = JSONObject([
      ("method", .string(request.method)), ("url", .string(redaction.url(request.url))),
    ])
    if let kind = request.kind { fields["kind"] = .string(kind.rawValue) }
    if !request.headers.isEmpty {
      let headers = redaction.headers(request.headers).sorted { $0.key.lowercased() < $1.key.lowercased() }
      fields["headers"] = .object(JSONObject(headers.map { ($0.key, .string($0.value)) }))
    }
    guard let body = request.body else { return fields }
    let contentType = request.headers.first { $0.key.lowercased() == "content-type" }?.value
    guard let text = redaction.body(body, contentType: contentType) else {
      fields["bodyBytes"] = .number(Double(body.count))
      return fields
    }
    if text.count > maxBodyCharacters {
      fields["body"] = .string(String(text.prefix(maxBodyCharacters)))
      fields["bodyTruncated"] = .bool(true)
    } else {
      fields["body"] = .string(text)
    }
    return fields
  }
}

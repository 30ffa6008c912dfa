import Foundation
import HTTPKit
import LoopbackHTTP

/// The engine's proxy: a server on 127.0.0.1 that WebKit sends its requests to, which answers
/// each through the host's HTTP client, so a creative's requests are logged like any other, keep
/// the ATS rule (`--allow-http`) and are recorded and replayed (`--record`, `--offline`).
///
/// Plain http is answered here. For https WebKit asks for a tunnel (`CONNECT host:443`), which
/// the proxy refuses: the host cannot answer inside TLS (no TLS server in the toolchain or the
/// Debian libraries adhost builds on), so an https subresource never reaches the network while the
/// proxy is on; it is logged as refused. The creative's document and the navigations the policy
/// allows are fetched by the host itself (`WebView.load`), so they are not affected.
final class LoopbackProxy: @unchecked Sendable {
  private let server: LoopbackServer

  /// The proxy's URI for WebKit: `http://127.0.0.1:<port>`.
  var uri: String { "http://127.0.0.1:\(server.port)" }

  init(http: HTTPClient, events: EventQueue<WebViewEvent>) throws(WebViewError) {
    do {
      server = try LoopbackServer()
    } catch {
      throw .engine("cannot start the engine's loopback proxy: \(error)")
    }
    server.fallback { request in Self.answer(request, http: http, events: events) }
  }

  func stop() { server.stop() }

  private static func answer(
    _ request: LoopbackRequest, http: HTTPClient, events: EventQueue<WebViewEvent>
  ) -> LoopbackResponse {
    if request.method == "CONNECT" {
      events.push(
        WebViewEvent(
          "request",
          [
            ("method", .string("CONNECT")), ("url", .string("https://" + request.target)),
            ("error", .string("refused: https subresources cannot be answered by the host")),
          ]))
      return .text("adhost: https through the proxy is refused", status: 403)
    }
    guard let url = URL(string: request.target), url.scheme == "http" else {
      return .text("adhost: not a proxy request: \(request.target)", status: 400)
    }
    var headers: [String: String] = [:]
    for (name, value) in request.headers where !hopByHop.contains(name.lowercased()) {
      headers[name] = value
    }
    let outgoing = HTTPRequest(
      url: url, method: request.method, headers: headers,
      body: request.body.isEmpty ? nil : request.body, timeout: http.timeout)
    let done = DispatchSemaphore(value: 0)
    let result = ResultBox()
    http.send(outgoing) { outcome in
      result.set(outcome)
      done.signal()
    }
    done.wait()
    switch result.value {
    case .success(let response)?:
      events.push(
        WebViewEvent(
          "request",
          [
            ("method", .string(request.method)), ("url", .string(url.absoluteString)),
            ("status", .number(Double(response.status))),
          ]))
      let type = response.headers.first { $0.key.lowercased() == "content-type" }?.value
      return LoopbackResponse(
        status: response.status, headers: type.map { [(name: "Content-Type", value: $0)] } ?? [],
        body: response.body)
    case .failure(let error)?:
      events.push(
        WebViewEvent(
          "request",
          [
            ("method", .string(request.method)), ("url", .string(url.absoluteString)),
            ("error", .string("\(error)")),
          ]))
      return .text("adhost: \(error)", status: 502)
    case nil:
      return .text("adhost: no answer", status: 502)
    }
  }

  private static let hopByHop: Set<String> = [
    "connection", "proxy-connection", "keep-alive", "te", "trailer", "transfer-encoding", "upgrade",
    "proxy-authorization", "host", "accept-encoding",
  ]
}

/// The one result of a request, handed from the client's thread to the connection's.
private final class ResultBox: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Result<HTTPResponse, HTTPError>?
  var value: Result<HTTPResponse, HTTPError>? { lock.withLock { stored } }
  func set(_ result: Result<HTTPResponse, HTTPError>) { lock.withLock { stored = result } }
}

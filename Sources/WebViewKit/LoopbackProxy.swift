import Foundation
import HTTPKit
import LoopbackHTTP
import Synchronization

/// The engine's proxy: a server on 127.0.0.1 that WebKit sends every request to, which answers
/// each through the host's HTTP client, so a creative's requests are logged like any other, keep
/// the ATS rule (`--allow-http`) and are recorded and replayed (`--record`, `--offline`).
///
/// Plain http arrives as a proxy request and is answered here. For https WebKit asks for a tunnel
/// (`CONNECT host:443`): the proxy agrees, ends the TLS inside it with a certificate it made for
/// this run (`TLSIdentity`), which the view has been told to accept for that host just before
/// (`trust`), and answers the requests in it the same way (`HTTPSTunnel`). The host's client
/// checks the real server's certificate on the way out.
final class LoopbackProxy: Sendable {
  let server: LoopbackServer
  private let stopped = Atomic<Bool>(false)
  /// The hosts the view accepts the proxy's certificate for.
  private let trusted = Mutex<Set<String>>([])
  /// Requests being answered now (counted from arrival until their `request` event was queued).
  private let inFlight: InFlightCount
  /// The certificate the proxy ends TLS with, as PEM, for the view; nil without a TLS server.
  let certificatePEM: String?

  /// The engine's credentials: only requests that carry them are answered.
  let credentials = ProxyCredentials()
  /// The requests refused for want of them.
  let refusals = ProxyRefusals()
  /// The proxy's URI for WebKit: `http://127.0.0.1:<port>`.
  var uri: String { "http://127.0.0.1:\(server.port)" }
  /// The proxy's port on 127.0.0.1.
  var port: UInt16 { server.port }
  /// Whether no request is being answered: every request that arrived has its `request` event queued.
  var isIdle: Bool { inFlight.value == 0 }

  /// A proxy; `trust` tells the view to accept the proxy's certificate for a host (once for each
  /// host, before its first tunnel), answering nil or why it could not; `tunnelTimeout` is how
  /// long a tunnel may wait for the TLS handshake or the next bytes of a request, and how long an
  /// idle tunnel stays open.
  init(
    http: HTTPClient, events: EventQueue<WebViewEvent>, tunnelTimeout: Double = 10,
    trust: @escaping @Sendable (String) -> String? = { _ in nil }
  ) throws(WebViewError) {
    // A redirect goes back to WebKit, which asks the view's policy about its target and then
    // requests it through here: the host's client never follows one behind the policy's back.
    let http = http.answeringRedirects()
    do {
      // Tunnels stay open between requests: room for the engine's keep-alive connections.
      // Nothing kept per request: a creative's requests do not grow the host.
      server = try LoopbackServer(maxConnections: 64, keepsRequests: false)
    } catch {
      throw .engine("cannot start the engine's loopback proxy: \(error)")
    }
    let inFlight = InFlightCount()
    self.inFlight = inFlight
    let credentials = credentials
    let refusals = refusals
    server.fallback { request in
      guard credentials.admits(request) else {
        refusals.refuse(request)
        return ProxyCredentials.challenge
      }
      refusals.admitted(request)
      inFlight.change(1)
      defer { inFlight.change(-1) }
      return Self.answer(request, http: http, events: events)
    }
    #if !canImport(CTLSShim)
      certificatePEM = nil
    #else
      let identity: TLSIdentity
      do {
        identity = try TLSIdentity()
      } catch {
        server.stop()
        throw .engine("cannot make the loopback proxy's TLS certificate: \(error)")
      }
      certificatePEM = identity.certificatePEM
      server.tunnel { [weak self] request, socket in
        guard credentials.admits(request) else {
          refusals.refuse(request)
          _ = HTTPWire.send(ArraySlice(ProxyCredentials.challengeBytes), to: socket)
          return
        }
        refusals.admitted(request)
        HTTPSTunnel(
          authority: request.target, socket: socket, identity: identity, timeout: tunnelTimeout,
          isStopped: { self?.isStopped ?? true },
          trust: { host in
            guard let self else { return "the proxy stopped" }
            return self.trustOnce(host, trust)
          }
        ) { method, url, headers, body in
          inFlight.change(1)
          defer { inFlight.change(-1) }
          return Self.forward(
            method: method, url: url, headers: headers, body: body, http: http, events: events)
        } report: {
          events.push($0)
        }
        .run()
      }
    #endif
  }

  private var isStopped: Bool { stopped.load(ordering: .acquiring) }

  /// Asks `trust` for a host not trusted yet; nil when it is trusted now.
  private func trustOnce(_ host: String, _ trust: (String) -> String?) -> String? {
    if trusted.withLock({ $0.contains(host) }) { return nil }
    if let problem = trust(host) { return problem }
    trusted.withLock { _ = $0.insert(host) }
    return nil
  }

  func stop() {
    stopped.store(true, ordering: .releasing)
    server.stop()
  }

  private static func answer(
    _ request: LoopbackRequest, http: HTTPClient, events: EventQueue<WebViewEvent>
  ) -> LoopbackResponse {
    if request.method == "CONNECT" {
      // Only without a TLS library (a platform without CTLSShim) does a tunnel get here.
      events.push(
        WebViewEvent(
          "request",
          [
            ("method", .string("CONNECT")), ("url", .string("https://" + request.target)),
            ("error", .string("refused: this build has no TLS server for the proxy")),
          ]))
      return .text("adhost: https through the proxy is refused", status: 403)
    }
    guard let url = URL(string: request.target), url.scheme == "http" else {
      return .text("adhost: not a proxy request: \(request.target)", status: 400)
    }
    return forward(
      method: request.method, url: url, headers: request.headers, body: request.body, http: http,
      events: events)
  }

  /// Sends the engine's request through the host's client and logs it (`request`).
  static func forward(
    method: String, url: URL, headers: [(name: String, value: String)], body: Data, http: HTTPClient,
    events: EventQueue<WebViewEvent>
  ) -> LoopbackResponse {
    var outgoing: [String: String] = [:]
    for (name, value) in headers where !hopByHop.contains(name.lowercased()) {
      outgoing[name] = value
    }
    let request = HTTPRequest(
      url: url, method: method, headers: outgoing, body: body.isEmpty ? nil : body, timeout: http.timeout)
    let done = DispatchSemaphore(value: 0)
    let result = ResultBox()
    http.send(request) { outcome in
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
            ("method", .string(method)), ("url", .string(url.absoluteString)),
            ("status", .number(Double(response.status))),
          ]))
      // The body's type, and a redirect's target: WebKit follows it, asking its policy first.
      let passed = response.headers.compactMap { name, value in
        ["content-type", "location"].contains(name.lowercased()) ? (name: name, value: value) : nil
      }
      return LoopbackResponse(status: response.status, headers: passed, body: response.body)
    case .failure(let error)?:
      events.push(
        WebViewEvent(
          "request",
          [("method", .string(method)), ("url", .string(url.absoluteString)), ("error", .string("\(error)"))])
      )
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
private final class ResultBox: Sendable {
  private let stored = Mutex<Result<HTTPResponse, HTTPError>?>(nil)
  var value: Result<HTTPResponse, HTTPError>? { stored.withLock { $0 } }
  func set(_ result: Result<HTTPResponse, HTTPError>) { stored.withLock { $0 = result } }
}

/// How many requests the proxy's connections are answering.
private final class InFlightCount: Sendable {
  private let count = Mutex(0)
  var value: Int { count.withLock { $0 } }
  func change(_ delta: Int) { count.withLock { $0 += delta } }
}

#if canImport(CTLSShim)
  import Foundation
  import LoopbackHTTP

  /// One `CONNECT` tunnel of the engine, ended in the host: agrees to the tunnel, does the TLS
  /// server handshake with the run's certificate, then answers the HTTP/1.1 requests inside it
  /// one after another (keep-alive) as `https://<authority><target>`, until the client closes,
  /// goes quiet for `timeout`, or sends something that is not a request. Failures are reported
  /// as a `request` event for the tunnel (`CONNECT https://host:443`, `error`); the socket is the
  /// server's, which closes it when `run` returns.
  struct HTTPSTunnel {
    /// The `CONNECT` target, `host:port`.
    let authority: String
    let socket: Int32
    let identity: TLSIdentity
    let timeout: Double
    /// Whether the proxy is stopping (its sockets are shut down then: nothing to report).
    let isStopped: () -> Bool
    /// Has the view accept the proxy's certificate for a host: nil, or why it could not.
    let trust: (String) -> String?
    /// Answers one request.
    let answer: (String, URL, [(name: String, value: String)], Data) -> LoopbackResponse
    /// Takes a failure's event.
    let report: (WebViewEvent) -> Void

    func run() {
      guard let origin = Self.origin(of: authority), let host = URL(string: origin)?.host else {
        _ = Self.sendPlain("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n", to: socket)
        return fail("not a host:port to tunnel to")
      }
      if let problem = trust(host) {
        _ = Self.sendPlain("HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n", to: socket)
        return fail("the view could not be told to accept the proxy's certificate: \(problem)")
      }
      guard Self.sendPlain("HTTP/1.1 200 Connection Established\r\n\r\n", to: socket) else { return }
      let session: TLSSession
      do {
        session = try identity.accept(socket: socket, timeout: timeout)
      } catch {
        return fail("\(error)")
      }
      defer { session.close() }
      var reader = TunnelRequestReader()
      while true {
        switch reader.next(read: { try session.read() }) {
        case .ended: return
        case .failed(let why):
          _ = try? session.write(
            Array("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8))
          return fail(why)
        case .request(let request):
          guard let url = URL(string: origin + request.target) else {
            return fail("not a URL: \(origin + request.target)")
          }
          let response = answer(request.method, url, request.headers, request.body)
          do {
            try session.write(
              Self.bytes(of: response, closing: request.closes, head: request.method == "HEAD"))
          } catch {
            return fail("\(error)")
          }
          if request.closes { return }
        }
      }
    }

    private func fail(_ why: String) {
      guard !isStopped() else { return }
      report(
        WebViewEvent(
          "request",
          [("method", .string("CONNECT")), ("url", .string("https://" + authority)), ("error", .string(why))])
      )
    }

    /// `https://host` (or `https://host:port` for a port other than 443), or nil when `authority`
    /// is not `host:port`.
    static func origin(of authority: String) -> String? {
      guard let colon = authority.lastIndex(of: ":"),
        let port = Int(authority[authority.index(after: colon)...]),
        (1...65535).contains(port)
      else { return nil }
      let host = authority[..<colon]
      guard !host.isEmpty, !host.contains(where: { "/?#@ ".contains($0) }),
        let url = URL(string: "https://\(host)"), url.host != nil
      else { return nil }
      return port == 443 ? "https://\(host)" : "https://\(host):\(port)"
    }

    /// Writes plain bytes on the socket (before TLS): false when the peer went away.
    private static func sendPlain(_ text: String, to socket: Int32) -> Bool {
      HTTPWire.send(ArraySlice(text.utf8), to: socket)
    }

    /// The response's bytes: status line, headers, `Content-Length`, the connection's fate, body.
    static func bytes(of response: LoopbackResponse, closing: Bool, head: Bool) -> [UInt8] {
      var text = "HTTP/1.1 \(response.status) \(response.status < 400 ? "OK" : "Error")\r\n"
      for header in response.headers { text += "\(header.name): \(header.value)\r\n" }
      text +=
        "Content-Length: \(response.body.count)\r\nConnection: \(closing ? "close" : "keep-alive")\r\n\r\n"
      return Array(text.utf8) + (head ? [] : [UInt8](response.body))
    }
  }
#endif

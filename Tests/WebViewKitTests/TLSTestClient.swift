import CGnuTLS
import Foundation

@testable import WebViewKit

/// A client of the display proxy's tunnels for tests: connects to the proxy on 127.0.0.1, asks
/// for a tunnel (`CONNECT`), and speaks TLS in it with GnuTLS, without checking the certificate
/// (the proxy's is self-signed for the run; WebKit ignores TLS errors for the same reason).
final class TLSTestClient {
  let socket: Int32
  private var session: gnutls_session_t?
  private var credentials: gnutls_certificate_credentials_t?

  /// Connects to `proxy` with its engine's credentials and asks for a tunnel to `authority`;
  /// throws unless the proxy grants it (`200`).
  convenience init(_ proxy: LoopbackProxy, authority: String) throws {
    try self.init(port: proxy.port, authority: authority, authorization: proxy.credentials.authorization)
  }

  /// Connects and asks for a tunnel to `authority`, with `Proxy-Authorization: authorization`
  /// when given; throws unless the proxy grants it (`200`).
  init(port: UInt16, authority: String, authorization: String?) throws {
    socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var limit = timeval(tv_sec: 5, tv_usec: 0)
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else { throw ClientError("connect failed: errno \(errno)") }
    let credentials = authorization.map { "Proxy-Authorization: \($0)\r\n" } ?? ""
    sendRaw("CONNECT \(authority) HTTP/1.1\r\nHost: \(authority)\r\n\(credentials)\r\n")
    var reply = [UInt8]()
    var byte: UInt8 = 0
    while !reply.suffix(4).elementsEqual([13, 10, 13, 10]) {
      guard recv(socket, &byte, 1, 0) == 1 else { throw ClientError("no answer to CONNECT") }
      reply.append(byte)
    }
    let text = String(decoding: reply, as: UTF8.self)
    guard text.hasPrefix("HTTP/1.1 200") else { throw ClientError("CONNECT refused: \(text)") }
  }

  deinit {
    if let session { gnutls_deinit(session) }
    if let credentials { gnutls_certificate_free_credentials(credentials) }
    close(socket)
  }

  /// Bytes on the socket as they are (not TLS).
  func sendRaw(_ text: String) {
    _ = Array(text.utf8).withUnsafeBytes {
      Foundation.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
    }
  }

  /// Whether the proxy closed the socket (rather than the 5 s read limit passing).
  func closedByPeer() -> Bool {
    var byte: UInt8 = 0
    while true {
      let count = recv(socket, &byte, 1, 0)
      if count == 0 { return true }
      if count < 0 { return errno == ECONNRESET }
    }
  }

  /// The TLS client handshake.
  func handshake() throws {
    guard gnutls_certificate_allocate_credentials(&credentials) >= 0,
      gnutls_init(&session, UInt32(GNUTLS_CLIENT) | UInt32(GNUTLS_NO_SIGNAL)) >= 0, let session,
      let credentials
    else { throw ClientError("cannot set up a GnuTLS client") }
    gnutls_set_default_priority(session)
    gnutls_credentials_set(session, GNUTLS_CRD_CERTIFICATE, UnsafeMutableRawPointer(credentials))
    gnutls_transport_set_int2(session, socket, socket)
    gnutls_handshake_set_timeout(session, 5000)
    var code: Int32
    repeat { code = gnutls_handshake(session) } while code < 0 && gnutls_error_is_fatal(code) == 0
    guard code >= 0 else { throw ClientError("handshake: \(String(cString: gnutls_strerror(code)))") }
  }

  /// Writes `text` encrypted.
  func send(_ text: String) throws {
    let bytes = Array(text.utf8)
    let sent = bytes.withUnsafeBytes { gnutls_record_send(session, $0.baseAddress, $0.count) }
    guard sent == bytes.count else { throw ClientError("send: \(sent)") }
  }

  /// Says goodbye (TLS) and shuts the socket down for writing.
  func finish() {
    gnutls_bye(session, GNUTLS_SHUT_WR)
    shutdown(socket, Int32(SHUT_WR))
  }

  /// Reads one response (`Content-Length` framed): its status, headers text and body.
  func readResponse() throws -> (status: Int, head: String, body: String) {
    var bytes = [UInt8]()
    var chunk = [UInt8](repeating: 0, count: 4096)
    func more() throws {
      let count = chunk.withUnsafeMutableBytes { gnutls_record_recv(session, $0.baseAddress, $0.count) }
      guard count > 0 else { throw ClientError("the tunnel ended (\(count)) after \(bytes.count) bytes") }
      bytes += chunk[0..<count]
    }
    var headEnd = bytes.firstRange(of: [13, 10, 13, 10])
    while headEnd == nil {
      try more()
      headEnd = bytes.firstRange(of: [13, 10, 13, 10])
    }
    let end = headEnd?.upperBound ?? 0
    let head = String(decoding: bytes[..<end], as: UTF8.self)
    let lengthLine = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
    let length =
      lengthLine.flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) }
      ?? 0
    while bytes.count < end + length { try more() }
    let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
    return (status, head, String(decoding: bytes[end..<(end + length)], as: UTF8.self))
  }
}

struct ClientError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

#if canImport(CTLSShim)
  import CTLSShim
  import CheckedNumbers

  /// Why a TLS step failed, as GnuTLS said it (`TLS handshake: …`).
  struct TLSFailure: Error, CustomStringConvertible {
    let description: String
  }

  /// The loopback proxy's TLS identity: a key and a self-signed certificate made in memory when
  /// the proxy starts, for this run only (CTLSShim over GnuTLS). Nothing is written to disk.
  // why: a C pointer, which Swift cannot check; GnuTLS only reads the identity after it is made.
  final class TLSIdentity: @unchecked Sendable {
    private let identity: OpaquePointer

    init() throws(TLSFailure) {
      var error = [CChar](repeating: 0, count: 256)
      guard let made = tls_identity_new(&error, error.count) else {
        throw TLSFailure(description: Self.text(error))
      }
      identity = made
    }

    deinit { tls_identity_free(identity) }

    /// The certificate as PEM text (the key stays here), for the view that is to accept it.
    var certificatePEM: String { String(cString: tls_identity_certificate_pem(identity)) }

    /// A server handshake on `socket` (which stays the caller's): the session, or why not.
    /// Reads, writes and the handshake each give up after `timeout` seconds without progress.
    func accept(socket: Int32, timeout: Double) throws(TLSFailure) -> TLSSession {
      var error = [CChar](repeating: 0, count: 256)
      let milliseconds = UInt32.checked(min(600_000, max(1, timeout * 1000)), rounding: .up) ?? 10_000
      guard let session = tls_session_accept(identity, socket, milliseconds, &error, error.count) else {
        throw TLSFailure(description: Self.text(error))
      }
      return TLSSession(session)
    }

    static func text(_ error: [CChar]) -> String {
      String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
  }

  /// One TLS server session on an accepted socket; closed once, by `close()`.
  final class TLSSession {
    private var session: OpaquePointer?

    fileprivate init(_ session: OpaquePointer) { self.session = session }

    deinit { close() }

    /// The next decrypted bytes; empty when the peer closed.
    func read(upTo count: Int = 16 * 1024) throws(TLSFailure) -> [UInt8] {
      guard let session else { return [] }
      var error = [CChar](repeating: 0, count: 256)
      var bytes = [UInt8](repeating: 0, count: count)
      let read = bytes.withUnsafeMutableBytes {
        tls_session_read(session, $0.baseAddress, $0.count, &error, error.count)
      }
      guard read >= 0 else { throw TLSFailure(description: TLSIdentity.text(error)) }
      return Array(bytes.prefix(read))
    }

    /// Writes all bytes encrypted.
    func write(_ bytes: [UInt8]) throws(TLSFailure) {
      guard let session else { throw TLSFailure(description: "TLS write: the session is closed") }
      var error = [CChar](repeating: 0, count: 256)
      let status = bytes.withUnsafeBytes {
        tls_session_write(session, $0.baseAddress, $0.count, &error, error.count)
      }
      guard status == 0 else { throw TLSFailure(description: TLSIdentity.text(error)) }
    }

    /// Says goodbye and frees the session; the socket stays open.
    func close() {
      guard let session else { return }
      tls_session_close(session)
      self.session = nil
    }
  }
#endif

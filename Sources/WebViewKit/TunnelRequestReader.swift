import Foundation
import LoopbackHTTP

/// Reads HTTP/1.1 requests, one after another, from the decrypted bytes of a tunnel: a request
/// line in origin form (`GET /path?query HTTP/1.1`), headers, and a `Content-Length` body.
/// Bytes after one request stay for the next (keep-alive).
struct TunnelRequestReader {
  /// One request read from the tunnel.
  struct Request {
    var method: String
    /// The target as sent: `/path?query`.
    var target: String
    var headers: [(name: String, value: String)]
    var body: Data
    /// Whether the client asked to close the tunnel after the answer (`Connection: close`).
    var closes: Bool
  }

  /// What the next read found.
  enum Outcome {
    case request(Request)
    /// The client closed the tunnel (or went quiet) between requests.
    case ended
    /// Not a complete, readable request: why.
    case failed(String)
  }

  static let maxHeadBytes = 64 * 1024
  static let maxBodyBytes = 8 * 1024 * 1024

  private var buffer: [UInt8] = []

  /// Reads the next request; `read` returns the next bytes, empty at the end, or throws.
  mutating func next(read: () throws -> [UInt8]) -> Outcome {
    var found = HTTPWire.headEnd(in: buffer)
    while found == nil {
      guard buffer.count <= Self.maxHeadBytes else {
        return .failed("a request head longer than \(Self.maxHeadBytes) bytes")
      }
      // Quiet or closed between requests: an idle keep-alive tunnel ends without a complaint.
      if let failure = more(read) { return buffer.isEmpty ? .ended : .failed(incomplete(failure)) }
      found = HTTPWire.headEnd(in: buffer)
    }
    guard let headEnd = found else { return .ended }
    guard let head = String(bytes: buffer[0..<headEnd], encoding: .utf8) else {
      return .failed("a request head that is not UTF-8")
    }
    var lines = head.components(separatedBy: "\r\n")
    let requestLine = lines.removeFirst().split(separator: " ", omittingEmptySubsequences: false)
    guard requestLine.count == 3, requestLine[2].hasPrefix("HTTP/1."), requestLine[1].hasPrefix("/") else {
      return .failed("not an HTTP/1.1 request line in origin form: \(head.prefix { $0 != "\r" }.prefix(80))")
    }
    var headers: [(name: String, value: String)] = []
    for line in lines {
      guard let colon = line.firstIndex(of: ":") else {
        return .failed("a header line without a colon: \(line.prefix(80))")
      }
      headers.append(
        (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
    }
    func header(_ name: String) -> String? {
      headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
    if header("Transfer-Encoding") != nil {
      return .failed("a request body with Transfer-Encoding (only Content-Length is read)")
    }
    guard let length = Int(header("Content-Length") ?? "0"), (0...Self.maxBodyBytes).contains(length) else {
      return .failed("a Content-Length that is not 0…\(Self.maxBodyBytes): \(header("Content-Length") ?? "")")
    }
    let bodyStart = headEnd + 4
    while buffer.count - bodyStart < length {
      if let failure = more(read) { return .failed(incomplete(failure)) }
    }
    let body = Data(buffer[bodyStart..<(bodyStart + length)])
    buffer.removeFirst(bodyStart + length)
    let connection = header("Connection")?.lowercased() ?? ""
    return .request(
      Request(
        method: String(requestLine[0]), target: String(requestLine[1]), headers: headers, body: body,
        closes: connection.contains("close") || requestLine[2] == "HTTP/1.0"))
  }

  /// Appends the next bytes: nil when some came; `.some(nil)` at the end; `.some(why)` on a failure.
  private mutating func more(_ read: () throws -> [UInt8]) -> String?? {
    do {
      let bytes = try read()
      if bytes.isEmpty { return .some(nil) }
      buffer.append(contentsOf: bytes)
      return nil
    } catch {
      return .some("\(error)")
    }
  }

  private func incomplete(_ failure: String?) -> String {
    "the tunnel ended inside a request after \(buffer.count) bytes" + (failure.map { " (\($0))" } ?? "")
  }
}

import Foundation

/// Reads HTTP/1.1 requests from, and writes responses to, a connected socket.
public enum HTTPWire {
  /// The largest request head (request line plus headers) the server accepts.
  static let maxHeadBytes = 64 * 1024
  /// The largest request body the server accepts.
  static let maxBodyBytes = 8 * 1024 * 1024

  /// Reads one request; nil when the peer closed or sent something unreadable or too large.
  static func readRequest(from socket: Int32) -> LoopbackRequest? {
    var buffer = [UInt8]()
    var headEnd: Int?
    var chunk = [UInt8](repeating: 0, count: 4096)
    while headEnd == nil {
      let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
      if count <= 0 { return nil }
      buffer.append(contentsOf: chunk[0..<count])
      headEnd = Self.headEnd(in: buffer)
      if headEnd == nil && buffer.count > maxHeadBytes { return nil }
    }
    guard let headEnd, let head = String(bytes: buffer[0..<headEnd], encoding: .utf8) else { return nil }
    var lines = head.components(separatedBy: "\r\n")
    let requestLine = lines.removeFirst().split(separator: " ")
    guard requestLine.count == 3 else { return nil }
    var headers: [(name: String, value: String)] = []
    for line in lines where !line.isEmpty {
      guard let colon = line.firstIndex(of: ":") else { return nil }
      let name = String(line[..<colon])
      let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      headers.append((name, value))
    }
    let lengthText = headers.first { $0.name.lowercased() == "content-length" }?.value ?? "0"
    guard let length = Int(lengthText), length >= 0, length <= maxBodyBytes else { return nil }
    var body = Array(buffer[(headEnd + 4)...])
    while body.count < length {
      let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
      if count <= 0 { return nil }
      body.append(contentsOf: chunk[0..<count])
    }
    return LoopbackRequest(
      method: String(requestLine[0]), target: String(requestLine[1]), headers: headers,
      body: Data(body.prefix(length)))
  }

  /// Where the blank line ending a request head (`\r\n\r\n`) starts in `bytes`, if it is there.
  public static func headEnd(in bytes: [UInt8]) -> Int? {
    guard bytes.count >= 4 else { return nil }
    for index in 0...(bytes.count - 4)
    where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
      return index
    }
    return nil
  }

  /// The bytes of a response's status line and headers.
  static func head(of response: LoopbackResponse) -> [UInt8] {
    var text = "HTTP/1.1 \(response.status) \(reason(response.status))\r\n"
    for header in response.headers { text += "\(header.name): \(header.value)\r\n" }
    text += "Content-Length: \(response.body.count)\r\nConnection: close\r\n\r\n"
    return Array(text.utf8)
  }

  /// Writes all bytes on a blocking socket, retrying on `EINTR` and never raising `SIGPIPE`;
  /// false when the peer went away.
  public static func send(_ bytes: ArraySlice<UInt8>, to socket: Int32) -> Bool {
    var offset = bytes.startIndex
    while offset < bytes.endIndex {
      let written = bytes[offset...].withUnsafeBytes {
        Foundation.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      if written < 0 && errno == EINTR { continue }
      if written <= 0 { return false }
      offset += written
    }
    return true
  }

  private static func reason(_ status: Int) -> String {
    switch status {
    case 200: return "OK"
    case 204: return "No Content"
    case 301: return "Moved Permanently"
    case 302: return "Found"
    case 404: return "Not Found"
    case 500: return "Internal Server Error"
    case 502: return "Bad Gateway"
    case 503: return "Service Unavailable"
    default: return "Status"
    }
  }
}

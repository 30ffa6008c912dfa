/// The parts of a URL the rules look at, read by RFC 3986's grammar on the URL's UTF-8 bytes
/// (every URL of a document is read several times: adhost-bench check).
enum URLParts {
  /// The scheme, when the text starts with one.
  static func scheme(_ url: String) -> String? {
    url.withUTF8Bytes { bytes in schemeEnd(bytes).map { String(decoding: bytes[..<$0], as: UTF8.self) } }
  }

  /// The host of a `scheme://host…` URL (empty when none is written), nil without `//`.
  static func host(_ url: String) -> String? {
    url.withUTF8Bytes { bytes in
      guard let colon = schemeEnd(bytes), colon + 2 < bytes.count, bytes[colon + 1] == UInt8(ascii: "/"),
        bytes[colon + 2] == UInt8(ascii: "/")
      else { return nil }
      let start = colon + 3
      var end = start
      while end < bytes.count, bytes[end] != UInt8(ascii: "/"), bytes[end] != UInt8(ascii: "?"),
        bytes[end] != UInt8(ascii: "#")
      {
        end += 1
      }
      var hostStart = start
      if let at = bytes[start..<end].lastIndex(of: UInt8(ascii: "@")) { hostStart = at + 1 }
      let hostPort = bytes[hostStart..<end]
      if hostPort.first == UInt8(ascii: "[") {
        let close = hostPort.firstIndex(of: UInt8(ascii: "]")) ?? end
        return String(decoding: bytes[hostStart..<close], as: UTF8.self) + "]"
      }
      let portColon = hostPort.firstIndex(of: UInt8(ascii: ":")) ?? end
      return String(decoding: bytes[hostStart..<portColon], as: UTF8.self)
    }
  }

  /// The offset of the `:` ending the scheme the bytes start with.
  private static func schemeEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0, ASCIIBytes.isLetter(bytes[0]),
      bytes[..<colon].allSatisfy({ ASCIIBytes.isAlphanumeric($0) || "+.-".utf8.contains($0) })
    else { return nil }
    return colon
  }
}

extension String {
  /// `body` run on the string's UTF-8 bytes (in place for a native string).
  func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
    return Array(utf8).withUnsafeBufferPointer(body)
  }
}

extension CheckNode {
  /// The scheme of its URL (its trimmed text), lower-cased, read once for all the URL rules.
  var urlScheme: String? { urlParts.scheme }
  /// The host of its URL, read once.
  var urlHost: String? { urlParts.host }
}

/// ASCII classes of single bytes.
enum ASCIIBytes {
  static func isLetter(_ byte: UInt8) -> Bool {
    (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
  }
  static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
  static func isAlphanumeric(_ byte: UInt8) -> Bool { isLetter(byte) || isDigit(byte) }
  static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
}

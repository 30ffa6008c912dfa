/// The parts of a URL the rules look at, read by RFC 3986's grammar on the URL's UTF-8 bytes
/// (every URL of a document is read several times: adhost-bench check).
enum URLParts {
  /// The scheme, when the text starts with one.
  static func scheme(_ url: String) -> String? {
    let utf8 = url.utf8
    guard let colon = utf8.firstIndex(of: UInt8(ascii: ":")) else { return nil }
    let scheme = utf8[..<colon]
    guard let first = scheme.first, ASCIIBytes.isLetter(first),
      scheme.allSatisfy({ ASCIIBytes.isAlphanumeric($0) || "+.-".utf8.contains($0) })
    else { return nil }
    return String(url[..<colon])
  }

  /// The host of a `scheme://host…` URL (empty when none is written), nil without `//`.
  static func host(_ url: String) -> String? {
    guard let scheme = scheme(url) else { return nil }
    let utf8 = url.utf8
    let rest = utf8.index(utf8.startIndex, offsetBy: scheme.utf8.count + 1)
    guard utf8[rest...].starts(with: "//".utf8) else { return nil }
    let start = utf8.index(rest, offsetBy: 2)
    let end = utf8[start...].firstIndex { "/?#".utf8.contains($0) } ?? utf8.endIndex
    let hostStart = utf8[start..<end].lastIndex(of: UInt8(ascii: "@")).map { utf8.index(after: $0) } ?? start
    let hostPort = utf8[hostStart..<end]
    if hostPort.first == UInt8(ascii: "[") {
      return String(url[hostStart..<(hostPort.firstIndex(of: UInt8(ascii: "]")) ?? end)]) + "]"
    }
    return String(url[hostStart..<(hostPort.firstIndex(of: UInt8(ascii: ":")) ?? end)])
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

import Foundation

/// The first element name of a document, skipping the XML declaration, comments, processing
/// instructions and the DOCTYPE.
enum RootName {
  static func of(_ data: Data) -> String? {
    data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> String? in
      var index = 0
      // UTF-16 and other encodings are left to the parsers: only ASCII-compatible input is looked at.
      while index < bytes.count {
        guard bytes[index] == UInt8(ascii: "<") else {
          index += 1
          continue
        }
        let next = index + 1 < bytes.count ? bytes[index + 1] : 0
        if next == UInt8(ascii: "?") || next == UInt8(ascii: "!") {
          index = skipMarkup(bytes, from: index)
          continue
        }
        var end = index + 1
        while end < bytes.count, !isDelimiter(bytes[end]) { end += 1 }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[(index + 1)..<end]), as: UTF8.self)
      }
      return nil
    }
  }

  /// The index after a comment, processing instruction or DOCTYPE (with its internal subset).
  private static func skipMarkup(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
    func find(_ pattern: String, after offset: Int) -> Int {
      let needle = Array(pattern.utf8)
      var index = offset
      while index + needle.count <= bytes.count {
        if (0..<needle.count).allSatisfy({ bytes[index + $0] == needle[$0] }) { return index + needle.count }
        index += 1
      }
      return bytes.count
    }
    if bytes[start + 1] == UInt8(ascii: "?") { return find("?>", after: start + 2) }
    if start + 3 < bytes.count, bytes[start + 2] == UInt8(ascii: "-"), bytes[start + 3] == UInt8(ascii: "-") {
      return find("-->", after: start + 4)
    }
    var depth = 0
    var index = start + 2
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "["): depth += 1
      case UInt8(ascii: "]"): depth -= 1
      case UInt8(ascii: ">") where depth <= 0: return index + 1
      default: break
      }
      index += 1
    }
    return index
  }

  private static func isDelimiter(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: ">")
      || byte == UInt8(ascii: "/")
  }
}

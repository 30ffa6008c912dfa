#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Byte scans of a document's own text that libxml2's SAX interface does not report: where an
/// attribute's name is in its start tag, whether an element's content opens with CDATA.
enum TagScan {
  private static let cdata = Array("<![CDATA[".utf8)

  /// The offset of attribute `name` inside the start tag opening at `tagStart`.
  static func attributeOffset(_ name: String, in bytes: [UInt8], tagStart: Int) -> Int? {
    let needle = Array(name.utf8)
    return firstUnquoted(in: bytes, tagStart: tagStart) { index in
      bytes[index] != UInt8(ascii: ">") && isSpace(bytes[index - 1]) && matches(needle, in: bytes, at: index)
    }
  }

  /// Whether the content after the start tag at `tagStart` begins (after white space) with CDATA.
  static func contentStartsWithCDATA(_ bytes: [UInt8], after tagStart: Int) -> Bool {
    guard var index = tagEnd(bytes, from: tagStart) else { return false }
    index += 1
    while index < bytes.count, isSpace(bytes[index]) { index += 1 }
    return matches(cdata, in: bytes, at: index)
  }

  /// The offset of the `>` closing the tag opening at `tagStart`.
  static func tagEnd(_ bytes: [UInt8], from tagStart: Int) -> Int? {
    firstUnquoted(in: bytes, tagStart: tagStart) { bytes[$0] == UInt8(ascii: ">") }
  }

  /// The first offset after `tagStart`, outside quoted attribute values, that `found` accepts;
  /// nil when the tag's `>` comes first or the bytes end.
  private static func firstUnquoted(in bytes: [UInt8], tagStart: Int, where found: (Int) -> Bool) -> Int? {
    var quote: UInt8?
    var index = tagStart + 1
    while index < bytes.count {
      let byte = bytes[index]
      if let open = quote {
        if byte == open { quote = nil }
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        quote = byte
      } else if found(index) {
        return index
      } else if byte == UInt8(ascii: ">") {
        return nil
      }
      index += 1
    }
    return nil
  }

  private static func matches(_ needle: [UInt8], in bytes: [UInt8], at index: Int) -> Bool {
    guard index + needle.count <= bytes.count else { return false }
    for (offset, byte) in needle.enumerated() where bytes[index + offset] != byte { return false }
    if needle.last != UInt8(ascii: "["), index + needle.count < bytes.count {
      let next = bytes[index + needle.count]
      return next == UInt8(ascii: "=") || isSpace(next)
    }
    return true
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }
}

/// The offsets where each line starts, for turning a byte offset into a line and column.
struct LineTable {
  private var starts: [Int] = [0]

  init(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      var index = 0
      while index < buffer.count, let found = memchr(base + index, 0x0A, buffer.count - index) {
        index = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
        starts.append(index)
      }
    }
  }

  /// The line and column (from 1) of `offset`.
  func position(_ offset: Int) -> SourcePosition {
    var low = 0
    var high = starts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if starts[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    return SourcePosition(line: low + 1, column: offset - starts[low] + 1)
  }
}

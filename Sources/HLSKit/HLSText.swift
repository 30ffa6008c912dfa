import Foundation

extension Substring {
  /// `trimmingCharacters(in: .whitespaces)`, without Foundation's bridging when the text starts and
  /// ends with a visible ASCII character (a number in a tag almost always does): then there is
  /// nothing to trim.
  var trimmingWhitespaces: String {
    if let first = utf8.first, let last = utf8.last, Self.isVisibleASCII(first), Self.isVisibleASCII(last) {
      return String(self)
    }
    return trimmingCharacters(in: .whitespaces)
  }

  /// `hasPrefix(prefix)` for an ASCII `prefix`, from the bytes: the characters start with the
  /// prefix's when the bytes do and the byte after them is ASCII too (so no combining mark joins
  /// the prefix's last character); otherwise the characters are compared.
  func startsWith(ascii prefix: StaticString) -> Bool {
    let bytes = UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
    let starts =
      utf8.withContiguousStorageIfAvailable { own in
        guard own.count >= bytes.count, let mine = own.baseAddress, let theirs = bytes.baseAddress else {
          return own.count >= bytes.count
        }
        return memcmp(mine, theirs, bytes.count) == 0
      } ?? utf8.starts(with: bytes)
    guard starts else { return false }
    let after = utf8.index(utf8.startIndex, offsetBy: bytes.count)
    if after == utf8.endIndex || utf8[after] < 0x80 { return true }
    return hasPrefix(String(decoding: bytes, as: UTF8.self))
  }

  /// `firstIndex(of: character)` for an ASCII character, found in the bytes when the bytes around
  /// it are ASCII (so it is a character of its own); otherwise the characters are searched.
  func firstIndex(ascii byte: UInt8) -> Index? {
    let offset =
      utf8.withContiguousStorageIfAvailable { own -> Int? in
        guard let base = own.baseAddress, let hit = memchr(base, Int32(truncatingIfNeeded: byte), own.count)
        else { return nil }
        return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
      } ?? utf8.firstIndex(of: byte).map { utf8.distance(from: utf8.startIndex, to: $0) }
    guard let offset else { return nil }
    let found = utf8.index(utf8.startIndex, offsetBy: offset)
    let after = utf8.index(after: found)
    let alone =
      (found == utf8.startIndex || utf8[utf8.index(before: found)] < 0x80)
      && (after == utf8.endIndex || utf8[after] < 0x80)
    return alone ? found : firstIndex(of: Character(Unicode.Scalar(byte)))
  }

  private static func isVisibleASCII(_ byte: UInt8) -> Bool { byte >= 0x21 && byte <= 0x7E }
}

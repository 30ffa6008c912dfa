/// A playlist that is not all ASCII, checked in place: a multivariant playlist naming its
/// renditions in their languages (`Français`) was copied into a `String` by Foundation before its
/// lines were read, a fifth of reading a small one (`adhost-bench hls`).
extension HLSBytes {
  /// Whether the bytes are well-formed UTF-8 (the Unicode Standard's table 3-7: no overlong form,
  /// surrogate, code point past U+10FFFF or cut sequence), as `String(data:encoding: .utf8)`
  /// accepts them (`UTF8Tests`); ASCII runs are passed eight bytes at a time.
  var isUTF8: Bool {
    guard let base = buffer.baseAddress else { return true }
    let count = buffer.count
    var index = 0
    while index < count {
      if index + 8 <= count,
        base.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
      {
        index += 8
        continue
      }
      let lead = base.load(fromByteOffset: index, as: UInt8.self)
      if lead < 0x80 {
        index += 1
        continue
      }
      // The sequence's length and the range of its second byte.
      let length: Int
      let second: ClosedRange<UInt8>
      switch lead {
      case 0xC2...0xDF: (length, second) = (2, 0x80...0xBF)
      case 0xE0: (length, second) = (3, 0xA0...0xBF)
      case 0xED: (length, second) = (3, 0x80...0x9F)
      case 0xE1...0xEF: (length, second) = (3, 0x80...0xBF)
      case 0xF0: (length, second) = (4, 0x90...0xBF)
      case 0xF1...0xF3: (length, second) = (4, 0x80...0xBF)
      case 0xF4: (length, second) = (4, 0x80...0x8F)
      default: return false
      }
      guard index + length <= count, second.contains(base.load(fromByteOffset: index + 1, as: UInt8.self))
      else { return false }
      for offset in 2..<length where base.load(fromByteOffset: index + offset, as: UInt8.self) & 0xC0 != 0x80
      {
        return false
      }
      index += length
    }
    return true
  }

  /// Whether the bytes start with UTF-8's byte order mark, which Foundation drops from the text.
  var startsWithByteOrderMark: Bool {
    count >= 3 && self[0] == 0xEF && self[1] == 0xBB && self[2] == 0xBF
  }
}

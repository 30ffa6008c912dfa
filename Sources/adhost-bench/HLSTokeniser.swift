/// The bare pass `adhost-bench hls` compares HLSKit with: a tokeniser of a playlist's bytes that
/// does what any reader must and nothing more. It splits lines (LF or CR LF, blanks trimmed),
/// finds each tag's name and its value, and splits an attribute list into names and values
/// (quoted values with their commas kept whole, RFC 8216 §4.2); `#EXTINF`'s duration is split
/// from its title. Nothing is converted or kept: each token's length and first byte are folded
/// into a checksum, so no token can be skipped by the optimiser.
struct HLSTokeniser {
  /// Lines, tags and attributes seen.
  private(set) var lines = 0
  private(set) var tags = 0
  private(set) var attributes = 0
  private(set) var checksum = 0

  /// Tokenises a whole playlist.
  mutating func run(_ bytes: UnsafeRawBufferPointer) {
    let count = bytes.count
    var start = 0
    while start < count {
      var end = start
      while end < count && bytes[end] != 0x0A { end += 1 }
      var first = start
      var last = end
      while last > first && (bytes[last - 1] == 0x0D || bytes[last - 1] == 0x20 || bytes[last - 1] == 0x09) {
        last -= 1
      }
      while first < last && (bytes[first] == 0x20 || bytes[first] == 0x09) { first += 1 }
      if first < last {
        lines += 1
        if bytes[first] == 0x23 {  // "#"
          tag(bytes, first, last)
        } else {
          token(bytes, first, last)  // a URI
        }
      }
      start = end + 1
    }
  }

  /// `#NAME` or `#NAME:value`: the name, then the value as an attribute list or as plain text.
  private mutating func tag(_ bytes: UnsafeRawBufferPointer, _ first: Int, _ last: Int) {
    var colon = first
    while colon < last && bytes[colon] != 0x3A { colon += 1 }
    tags += 1
    token(bytes, first, colon)
    guard colon < last else { return }
    let value = colon + 1
    // An attribute list starts with a name (A-Z, 0-9, -) followed by "=".
    var cursor = value
    while cursor < last && isNameByte(bytes[cursor]) { cursor += 1 }
    if cursor > value && cursor < last && bytes[cursor] == 0x3D {
      attributeList(bytes, value, last)
    } else {
      // Plain values: `#EXTINF:<duration>,[<title>]`, dates, numbers.
      var comma = value
      while comma < last && bytes[comma] != 0x2C { comma += 1 }
      token(bytes, value, comma)
      if comma < last { token(bytes, comma + 1, last) }
    }
  }

  /// `NAME=VALUE,NAME="quoted, value",…`.
  private mutating func attributeList(_ bytes: UnsafeRawBufferPointer, _ first: Int, _ last: Int) {
    var cursor = first
    while cursor < last {
      let name = cursor
      while cursor < last && bytes[cursor] != 0x3D { cursor += 1 }
      token(bytes, name, cursor)
      guard cursor < last else { return }
      cursor += 1
      let value: Int
      let valueEnd: Int
      if cursor < last && bytes[cursor] == 0x22 {  // a quoted string, to the closing quote
        value = cursor + 1
        cursor = value
        while cursor < last && bytes[cursor] != 0x22 { cursor += 1 }
        valueEnd = cursor
        while cursor < last && bytes[cursor] != 0x2C { cursor += 1 }
      } else {
        value = cursor
        while cursor < last && bytes[cursor] != 0x2C { cursor += 1 }
        valueEnd = cursor
      }
      token(bytes, value, valueEnd)
      attributes += 1
      cursor += 1
    }
  }

  /// Folds a token's place and first byte into the checksum: the token is found, not copied.
  @inline(__always)
  private mutating func token(_ bytes: UnsafeRawBufferPointer, _ first: Int, _ end: Int) {
    let lead = first < end ? Int(truncatingIfNeeded: bytes[first]) << 8 : 0
    checksum = checksum &* 31 &+ (end - first) &+ lead
  }

  @inline(__always)
  private func isNameByte(_ byte: UInt8) -> Bool {
    (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D
  }
}

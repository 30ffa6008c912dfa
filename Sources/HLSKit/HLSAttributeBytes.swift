/// An attribute list read from an ASCII line's bytes: what `HLSAttributeList.parse` reads of the
/// same text, made of `String`s only for the names and values kept. `nil` for any list that is
/// not plainly well formed, which the general reader then reads (and words the error of).
extension HLSAttributeList {
  static func parse(_ text: HLSBytes) -> [HLSAttribute]? {
    var attributes: [HLSAttribute] = []
    attributes.reserveCapacity(12)
    let read = forEach(text) { name, value in
      attributes.append(HLSAttribute(name: HLSAttributeName.text(name), value: asciiText(value)))
    }
    return read ? attributes : nil
  }

  /// Gives `body` each name and value (without a quoted string's quotes) of an ASCII list in
  /// order, as `parse(_:)` reads them, without making text of them; false, part way through, for
  /// a list that is not plainly well formed. The bytes are loaded in place (every index is below
  /// the count, which the loops test first), names eight bytes a round and each quote and comma
  /// found with `memchr`: a bounds check and five range tests a byte cost ≈ 2,000 instructions a
  /// variant's list.
  @inline(__always)
  static func forEach(_ text: HLSBytes, _ body: (_ name: HLSBytes, _ value: HLSBytes) -> Void) -> Bool {
    guard let base = text.buffer.baseAddress else { return true }
    let end = text.count
    func byte(_ index: Int) -> UInt8 { base.load(fromByteOffset: index, as: UInt8.self) }
    func run(_ start: Int, _ end: Int) -> HLSBytes {
      HLSBytes(UnsafeRawBufferPointer(start: base + start, count: end - start))
    }
    var index = 0
    while index < end {
      // `[ \t]* NAME [ \t]* =`: what the general reader takes up to the first `=`, trimmed.
      var cursor = index
      while cursor < end, isSpaceOrTab(byte(cursor)) { cursor += 1 }
      let nameStart = cursor
      cursor = nameEnd(base, from: cursor, to: end)
      let nameEnd = cursor
      while cursor < end, isSpaceOrTab(byte(cursor)) { cursor += 1 }
      guard nameEnd > nameStart, cursor < end, byte(cursor) == UInt8(ascii: "=") else { return false }
      cursor += 1
      let valueStart: Int
      let valueEnd: Int
      if cursor < end, byte(cursor) == UInt8(ascii: "\"") {
        guard let closing = text.firstIndex(of: UInt8(ascii: "\""), from: cursor + 1) else { return false }
        (valueStart, valueEnd) = (cursor + 1, closing)
        cursor = closing + 1
        while cursor < end, byte(cursor) == UInt8(ascii: " ") { cursor += 1 }
        guard cursor == end || byte(cursor) == UInt8(ascii: ",") else { return false }
      } else {
        let comma = text.firstIndex(of: UInt8(ascii: ","), from: cursor) ?? end
        var first = cursor
        var last = comma
        while first < last, isSpaceOrTab(byte(first)) { first += 1 }
        while last > first, isSpaceOrTab(byte(last - 1)) { last -= 1 }
        guard last > first else { return false }
        (valueStart, valueEnd) = (first, last)
        cursor = comma
      }
      body(run(nameStart, nameEnd), run(valueStart, valueEnd))
      index = cursor < end ? cursor + 1 : cursor
    }
    return true
  }

  /// The index of the first byte from `start` (below `end`) that is not a name byte, or `end`:
  /// eight bytes a round, then one by one.
  @inline(__always)
  static func nameEnd(_ base: UnsafeRawPointer, from start: Int, to end: Int) -> Int {
    var index = start
    while index + 8 <= end {
      let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
      let others = ~nameBytes(word) & 0x8080_8080_8080_8080
      if others != 0 { return index + others.trailingZeroBitCount / 8 }
      index += 8
    }
    while index < end, isNameByteInWords(base.load(fromByteOffset: index, as: UInt8.self)) { index += 1 }
    return index
  }

  /// Bit 7 of each byte of `word` (little-endian) that is a name byte (`isNameByte`).
  @inline(__always)
  static func nameBytes(_ word: UInt64) -> UInt64 {
    let ascii = ~word & 0x8080_8080_8080_8080
    let low = word & 0x7F7F_7F7F_7F7F_7F7F
    let letters = between(low | 0x2020_2020_2020_2020, 0x61, 0x7A)
    return (letters | between(low, 0x30, 0x39) | between(low, 0x2D, 0x2D) | between(low, 0x5F, 0x5F)) & ascii
  }

  /// `isNameByte(_:)` by a bit of two masks (one test a byte, not five ranges).
  @inline(__always)
  static func isNameByteInWords(_ byte: UInt8) -> Bool {
    // `-` and `0`–`9`; then `A`–`Z`, `_` and `a`–`z` from 0x40.
    let low: UInt64 = 0x03FF_2000_0000_0000
    let high: UInt64 = 0x07FF_FFFE_87FF_FFFE
    let bit = UInt64(truncatingIfNeeded: byte & 0x3F)
    return byte < 0x40 ? (low >> bit) & 1 != 0 : byte < 0x80 && (high >> bit) & 1 != 0
  }

  /// Bit 7 of each byte of `bytes` (each below 0x80) from `low` to `high`.
  @inline(__always)
  private static func between(_ bytes: UInt64, _ low: UInt8, _ high: UInt8) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    return (bytes &+ ones &* UInt64(truncatingIfNeeded: 0x80 - low))
      & ~(bytes &+ ones &* UInt64(truncatingIfNeeded: 0x7F - high)) & (ones &* 0x80)
  }

  /// The text of ASCII bytes: up to 15 are a small `String`, made without a UTF-8 check.
  static func asciiText(_ bytes: HLSBytes) -> String {
    String(unsafeUninitializedCapacity: bytes.count) { out in
      UnsafeMutableRawBufferPointer(out).copyMemory(from: bytes.buffer)
      return bytes.count
    }
  }

  @inline(__always)
  private static func isSpaceOrTab(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
}

extension HLSBytes {
  /// `HLSAttributeList.parse` of the bytes when they are all ASCII.
  var asciiAttributes: [HLSAttribute]? {
    guard isASCII else { return nil }
    return HLSAttributeList.parse(self)
  }
}

/// `<length>[@<offset>]` read from an ASCII line's bytes.
extension HLSByteRange {
  /// What `parse(_:following:tag:line:)` reads of the same text when it reads a range; `nil`
  /// when the text is not plainly `<length>@<offset>` or `<length>` (with `following`), which
  /// the general reader then reads (and words the error of).
  static func parse(_ text: HLSBytes, following: Int?) -> HLSByteRange? {
    if let range = plainRange(text, following: following) { return range }
    guard text.hasVisibleASCIIEnds else { return nil }
    let at = text.firstIndex(of: UInt8(ascii: "@"))
    guard let length = HLSNumbers.integer(text.slice(0, at ?? text.count)), length > 0,
      length <= maxEnd
    else { return nil }
    let offset: Int
    if let at {
      let rest = text.dropFirst(at + 1)
      guard rest.firstIndex(of: UInt8(ascii: "@")) == nil, let given = HLSNumbers.integer(rest),
        given >= 0, given <= maxEnd
      else { return nil }
      offset = given
    } else {
      guard let following else { return nil }
      offset = following
    }
    guard offset + length <= maxEnd else { return nil }
    return HLSByteRange(offset: offset, length: length)
  }

  /// `<digits>@<digits>` or `<digits>` (with `following`), each of 1 to 15 digits: what `parse`
  /// reads of them (no sign, no overflow, no room for anything else); nil for any other text,
  /// which `parse` reads. A text of at least 8 bytes with at most 7 digits in its length and 8
  /// in its offset (`400013@401024`) is read eight bytes at a time, anything else in one walk of
  /// its bytes (`plainRangeWalk`, which both agree with: `AttributeAndRangeBytesTests`).
  static func plainRange(_ text: HLSBytes, following: Int?) -> HLSByteRange? {
    let count = text.count
    guard count >= 8, let base = text.buffer.baseAddress else {
      return plainRangeWalk(text, following: following)
    }
    // Both words lie inside the text: the first at 0, the second ending at `count`.
    let head = UInt64(littleEndian: base.loadUnaligned(as: UInt64.self))
    let lengthDigits = HLSDigitWords.leadingDigits(head)
    guard lengthDigits > 0, lengthDigits < 8 else {
      return lengthDigits == 0 ? nil : plainRangeWalk(text, following: following)
    }
    guard base.load(fromByteOffset: lengthDigits, as: UInt8.self) == UInt8(ascii: "@") else { return nil }
    let offsetDigits = count - lengthDigits - 1
    guard offsetDigits > 0, offsetDigits <= 8 else {
      return offsetDigits == 0 ? nil : plainRangeWalk(text, following: following)
    }
    let tail =
      UInt64(littleEndian: base.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
      >> UInt64(truncatingIfNeeded: (8 - offsetDigits) * 8)
    guard HLSDigitWords.leadingDigits(tail) == offsetDigits else { return nil }
    let length = HLSDigitWords.value(head, digits: lengthDigits)
    let offset = HLSDigitWords.value(tail, digits: offsetDigits)
    guard length > 0, offset + length <= maxEnd else { return nil }
    return HLSByteRange(offset: offset, length: length)
  }

  /// `plainRange` in one walk of the bytes.
  static func plainRangeWalk(_ text: HLSBytes, following: Int?) -> HLSByteRange? {
    guard let base = text.buffer.baseAddress else { return nil }
    let count = text.count
    // Every load is at an index below `count`; digits past the 15th make the text not plain, so
    // the wrapping arithmetic of a longer run is never read.
    var index = 0
    var length = 0
    while index < count {
      let digit = base.load(fromByteOffset: index, as: UInt8.self) &- 0x30
      guard digit < 10 else { break }
      length = length &* 10 &+ Int(truncatingIfNeeded: digit)
      index += 1
    }
    guard index > 0, index <= 15, length > 0 else { return nil }
    let offset: Int
    if index == count {
      guard let following else { return nil }
      offset = following
    } else {
      guard base.load(fromByteOffset: index, as: UInt8.self) == UInt8(ascii: "@") else { return nil }
      index += 1
      let start = index
      var given = 0
      while index < count {
        let digit = base.load(fromByteOffset: index, as: UInt8.self) &- 0x30
        guard digit < 10 else { return nil }
        given = given &* 10 &+ Int(truncatingIfNeeded: digit)
        index += 1
      }
      guard index > start, index - start <= 15 else { return nil }
      offset = given
    }
    guard length <= maxEnd, offset <= maxEnd, offset + length <= maxEnd else { return nil }
    return HLSByteRange(offset: offset, length: length)
  }
}

/// Decimal digits read eight bytes at a time from a little-endian word (the first byte lowest).
enum HLSDigitWords {
  /// How many of the word's bytes, from the first, are ASCII digits (0 to 8).
  @inline(__always)
  static func leadingDigits(_ word: UInt64) -> Int {
    let values = word ^ 0x3030_3030_3030_3030  // a digit's byte becomes 0 to 9, any other byte more
    let over9 = ((values & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7676_7676_7676_7676) | values
    return (over9 & 0x8080_8080_8080_8080).trailingZeroBitCount >> 3
  }

  /// The number the first `digits` bytes of `word` write (1 to 8 ASCII digits, as
  /// `leadingDigits` counts them): moved to the word's top, behind zeros, and added up in pairs,
  /// fours and eights.
  @inline(__always)
  static func value(_ word: UInt64, digits: Int) -> Int {
    var values = (word ^ 0x3030_3030_3030_3030) << UInt64(truncatingIfNeeded: (8 - digits) * 8)
    values = values &* 10 &+ (values >> 8)  // each even byte: two digits
    let pairs: UInt64 = 0x0000_00FF_0000_00FF
    values =
      ((values & pairs) &* 0x000F_4240_0000_0064 &+ ((values >> 16) & pairs) &* 0x0000_2710_0000_0001) >> 32
    return Int(truncatingIfNeeded: values)
  }
}

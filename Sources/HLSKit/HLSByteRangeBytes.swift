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

  /// `<digits>@<digits>` or `<digits>` (with `following`), each of 1 to 15 digits, read in one
  /// walk: what `parse` reads of them (no sign, no overflow, no room for anything else); nil
  /// for any other text, which `parse` reads.
  private static func plainRange(_ text: HLSBytes, following: Int?) -> HLSByteRange? {
    guard let base = text.buffer.baseAddress else { return nil }
    let count = text.count
    // Every load is at an index below `count`.
    func digit(_ index: Int) -> Int? {
      let value = Int(truncatingIfNeeded: base.load(fromByteOffset: index, as: UInt8.self)) &- 0x30
      return value >= 0 && value <= 9 ? value : nil
    }
    var index = 0
    var length = 0
    while index < count, index < 15, let digit = digit(index) {
      length = length &* 10 &+ digit
      index += 1
    }
    guard index > 0, length > 0 else { return nil }
    let offset: Int
    if index == count {
      guard let following else { return nil }
      offset = following
    } else {
      guard base.load(fromByteOffset: index, as: UInt8.self) == UInt8(ascii: "@") else { return nil }
      index += 1
      let start = index
      var given = 0
      while index < count, index - start < 15, let digit = digit(index) {
        given = given &* 10 &+ digit
        index += 1
      }
      guard index > start, index == count else { return nil }
      offset = given
    }
    guard length <= maxEnd, offset <= maxEnd, offset + length <= maxEnd else { return nil }
    return HLSByteRange(offset: offset, length: length)
  }

}

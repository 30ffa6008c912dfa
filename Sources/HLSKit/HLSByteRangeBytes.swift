/// `<length>[@<offset>]` read from an ASCII line's bytes.
extension HLSByteRange {
  /// What `parse(_:following:tag:line:)` reads of the same text when it reads a range; `nil`
  /// when the text is not plainly `<length>@<offset>` or `<length>` (with `following`), which
  /// the general reader then reads (and words the error of).
  static func parse(_ text: HLSBytes, following: Int?) -> HLSByteRange? {
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
}

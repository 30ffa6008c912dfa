/// Text from a segment's bytes, read from contiguous memory: `String(decoding:as:)` on a slice
/// takes a generic path with dynamic casts that cost a scan more than its parsing.
extension ArraySlice<UInt8> {
  /// The bytes as UTF-8 (ill-formed sequences replaced, as `String(decoding:as:)` does).
  var utf8Text: String { withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) } }

  /// Whether the bytes are `text`'s UTF-8.
  func isUTF8(of text: String) -> Bool {
    let utf8 = text.utf8
    guard utf8.count == count else { return false }
    return withUnsafeBufferPointer { mine in
      var index = 0
      for byte in utf8 {
        guard mine[index] == byte else { return false }
        index += 1
      }
      return true
    }
  }
}

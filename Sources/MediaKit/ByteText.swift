/// Text from a segment's bytes, read from contiguous memory: `String(decoding:as:)` on a slice
/// takes a generic path with dynamic casts that cost a scan more than its parsing.
extension ArraySlice<UInt8> {
  /// The bytes as UTF-8 (ill-formed sequences replaced, as `String(decoding:as:)` does).
  var utf8Text: String { withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) } }

  /// Whether the bytes are `text`'s UTF-8: compared as two buffers (a `String`'s UTF-8 view
  /// iterated byte by byte cost more than the rest of an `emsg`'s reading).
  func isUTF8(of text: StaticString) -> Bool {
    guard text.utf8CodeUnitCount == count else { return false }
    return withUnsafeBufferPointer { mine in
      text.withUTF8Buffer { theirs in
        var index = 0
        while index < theirs.count {
          guard mine[index] == theirs[index] else { return false }
          index &+= 1
        }
        return true
      }
    }
  }
}

/// One ISO-BMFF box's header (ISO/IEC 14496-12 §4.2): its type and where its body lies.
struct BMFFBox {
  let type: String
  /// The box's start in the segment.
  let start: Int
  /// The body's bounds (after the size, type and any 64-bit size).
  let body: Range<Int>

  /// The box at `offset`, inside `bounds` (its parent's body, or the segment). A box with size 0
  /// runs to the end of `bounds`; one whose size is smaller than its header or runs past
  /// `bounds` is an error naming it.
  init(_ bytes: [UInt8], at offset: Int, in bounds: Range<Int>) throws(MediaError) {
    var reader = ByteReader(bytes[offset..<bounds.upperBound])
    let size32 = try reader.u32("a box's size")
    let typeBytes = try reader.take(4, "a box's type")
    type = String(decoding: typeBytes.map { (0x20...0x7E).contains($0) ? $0 : 0x3F }, as: Unicode.ASCII.self)
    var size: UInt64 = UInt64(truncatingIfNeeded: size32)
    if size32 == 1 {
      size = try reader.u64("'\(type)''s 64-bit size")
    } else if size32 == 0 {
      size = UInt64(truncatingIfNeeded: bounds.upperBound - offset)
    }
    let header = reader.position - offset
    guard size >= UInt64(truncatingIfNeeded: header) else {
      throw MediaError(
        at: offset, "box '\(type)': its size \(size) is smaller than its \(header)-byte header")
    }
    guard size <= UInt64(truncatingIfNeeded: bounds.upperBound - offset) else {
      throw MediaError(
        at: offset, "box '\(type)': its size \(size) runs past the \(bounds.upperBound - offset) bytes left")
    }
    start = offset
    body = reader.position..<offset + Int(truncatingIfNeeded: size)
  }
}

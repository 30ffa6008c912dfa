/// One ISO-BMFF box's header (ISO/IEC 14496-12 §4.2): its type and where its body lies.
struct BMFFBox {
  /// The four type bytes as one big-endian number (`BMFFBox.moof`, …), compared without a string.
  let code: UInt32
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
    code = try reader.u32("a box's type")
    var size: UInt64 = UInt64(truncatingIfNeeded: size32)
    if size32 == 1 {
      size = try reader.u64("'\(Self.name(code))''s 64-bit size")
    } else if size32 == 0 {
      size = UInt64(truncatingIfNeeded: bounds.upperBound - offset)
    }
    let header = reader.position - offset
    guard size >= UInt64(truncatingIfNeeded: header) else {
      throw MediaError(
        at: offset, "box '\(Self.name(code))': its size \(size) is smaller than its \(header)-byte header")
    }
    guard size <= UInt64(truncatingIfNeeded: bounds.upperBound - offset) else {
      throw MediaError(
        at: offset,
        "box '\(Self.name(code))': its size \(size) runs past the \(bounds.upperBound - offset) bytes left")
    }
    start = offset
    body = reader.position..<offset + Int(truncatingIfNeeded: size)
  }
}

/// Box types, by name.
extension BMFFBox {
  static let moov: UInt32 = 0x6D6F_6F76
  static let trak: UInt32 = 0x7472_616B
  static let tkhd: UInt32 = 0x746B_6864
  static let mdia: UInt32 = 0x6D64_6961
  static let mdhd: UInt32 = 0x6D64_6864
  static let mvex: UInt32 = 0x6D76_6578
  static let trex: UInt32 = 0x7472_6578
  static let moof: UInt32 = 0x6D6F_6F66
  static let traf: UInt32 = 0x7472_6166
  static let tfhd: UInt32 = 0x7466_6864
  static let tfdt: UInt32 = 0x7466_6474
  static let trun: UInt32 = 0x7472_756E
  static let emsg: UInt32 = 0x656D_7367
  static let mdat: UInt32 = 0x6D64_6174

  /// The box's type as text: its four bytes, those that are not printable ASCII as `?`.
  var type: String { Self.name(code) }

  static func name(_ code: UInt32) -> String {
    let bytes = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: code >> $0) }
    return String(decoding: bytes.map { (0x20...0x7E).contains($0) ? $0 : 0x3F }, as: Unicode.ASCII.self)
  }
}

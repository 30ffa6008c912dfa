/// Reads big-endian fields from a slice of bytes, never past its end: each read that would run
/// out throws a `MediaError` naming the field and the absolute offset. The field's name is an
/// autoclosure, made only for the error: a name such as `"\(id)'s size"` built for every read
/// took most of a scan's time.
struct ByteReader {
  let bytes: ArraySlice<UInt8>
  private(set) var position: Int

  /// Reads `bytes` from its start index.
  init(_ bytes: ArraySlice<UInt8>) {
    self.bytes = bytes
    position = bytes.startIndex
  }

  /// Bytes left.
  var remaining: Int { bytes.endIndex - position }

  private func need(_ count: Int, _ field: @autoclosure () -> String) throws(MediaError) {
    guard count >= 0, count <= remaining else {
      throw MediaError(at: position, "\(field()) needs \(count) bytes but \(remaining) are left")
    }
  }

  mutating func u8(_ field: @autoclosure () -> String) throws(MediaError) -> UInt8 {
    try need(1, field())
    defer { position += 1 }
    return bytes[position]
  }

  mutating func u16(_ field: @autoclosure () -> String) throws(MediaError) -> UInt16 {
    UInt16(truncatingIfNeeded: try uint(2, field()))
  }

  mutating func u32(_ field: @autoclosure () -> String) throws(MediaError) -> UInt32 {
    UInt32(truncatingIfNeeded: try uint(4, field()))
  }

  mutating func u64(_ field: @autoclosure () -> String) throws(MediaError) -> UInt64 { try uint(8, field()) }

  /// An unsigned big-endian number of `count` (≤ 8) bytes.
  mutating func uint(_ count: Int, _ field: @autoclosure () -> String) throws(MediaError) -> UInt64 {
    try need(count, field())
    var value: UInt64 = 0
    for index in position..<position + count { value = value << 8 | UInt64(truncatingIfNeeded: bytes[index]) }
    position += count
    return value
  }

  mutating func take(_ count: Int, _ field: @autoclosure () -> String) throws(MediaError) -> ArraySlice<UInt8>
  {
    try need(count, field())
    defer { position += count }
    return bytes[position..<position + count]
  }

  mutating func skip(_ count: Int, _ field: @autoclosure () -> String) throws(MediaError) {
    try need(count, field())
    position += count
  }

  /// The sum of `count` big-endian 32-bit numbers `stride` (≥ 4) bytes apart, from the position
  /// on, which moves past all of them; 0, moving nothing, when fewer than `count * stride` bytes
  /// are left (the caller checks that first, naming its field).
  mutating func sumOfU32s(count: Int, stride: Int) -> UInt64 {
    guard stride >= 4, count >= 0, count <= remaining / stride else { return 0 }
    let first = position - bytes.startIndex
    position += count * stride
    return bytes.withUnsafeBufferPointer { buffer in
      var total: UInt64 = 0
      var offset = first
      for _ in 0..<count {
        let word =
          UInt32(truncatingIfNeeded: buffer[offset]) << 24 | UInt32(truncatingIfNeeded: buffer[offset + 1])
          << 16
          | UInt32(truncatingIfNeeded: buffer[offset + 2]) << 8
          | UInt32(truncatingIfNeeded: buffer[offset + 3])
        total &+= UInt64(truncatingIfNeeded: word)
        offset += stride
      }
      return total
    }
  }

  /// The bytes up to a 0 byte (dropped), or to the end when there is none.
  mutating func nullTerminated() -> ArraySlice<UInt8> {
    let end = bytes[position...].firstIndex(of: 0) ?? bytes.endIndex
    defer { position = min(end + 1, bytes.endIndex) }
    return bytes[position..<end]
  }

  /// What is left.
  mutating func rest() -> ArraySlice<UInt8> {
    defer { position = bytes.endIndex }
    return bytes[position...]
  }
}

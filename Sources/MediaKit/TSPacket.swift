/// One 188-byte transport packet's header (ISO/IEC 13818-1 §2.4.3.2) and where its payload lies.
struct TSPacket {
  static let size = 188
  static let syncByte: UInt8 = 0x47

  let pid: Int
  /// `payload_unit_start_indicator`: a PES or the first section's pointer starts here.
  let unitStart: Bool
  /// The payload's bounds in the segment (empty when the packet has none).
  let payload: Range<Int>

  /// The packet at `offset` (which holds the sync byte, 188 bytes being there).
  init(_ bytes: [UInt8], at offset: Int) throws(MediaError) {
    let flags = bytes[offset + 1]
    pid = Int(truncatingIfNeeded: flags & 0x1F) << 8 | Int(truncatingIfNeeded: bytes[offset + 2])
    unitStart = flags & 0x40 != 0
    let control = bytes[offset + 3] >> 4 & 0x3
    var start = offset + 4
    let end = offset + Self.size
    if control & 0x2 != 0 {
      // An adaptation field: its length byte, then that many bytes.
      start += 1 + Int(truncatingIfNeeded: bytes[offset + 4])
      guard start <= end else { throw Self.adaptationFieldError(pid: pid, bytes[offset + 4], at: offset + 4) }
    }
    payload = control & 0x1 != 0 ? start..<end : end..<end
  }

  /// An adaptation field whose `length` (at `offset`) runs past its packet.
  static func adaptationFieldError(pid: Int, _ length: UInt8, at offset: Int) -> MediaError {
    MediaError(at: offset, "PID \(pid): the adaptation field's length \(length) runs past the packet")
  }
}

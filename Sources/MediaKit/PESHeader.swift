/// The start of a PES packet (ISO/IEC 13818-1 §2.4.3.6): its length, PTS and where its data begins.
struct PESHeader {
  /// `PTS` (33 bits), when the header has one.
  let pts: UInt64?
  /// The offset in the segment where the PES data starts.
  let dataStart: Int
  /// How many data bytes the PES holds, when `PES_packet_length` says (0 means unbounded).
  let dataLength: Int?

  /// Reads the header at the start of `payload` (a packet's payload with the unit start flag).
  init(_ payload: ArraySlice<UInt8>) throws(MediaError) {
    var reader = ByteReader(payload)
    let prefix = try reader.uint(3, "the PES start code")
    guard prefix == 1 else {
      throw MediaError(at: payload.startIndex, "expected a PES start code 00 00 01")
    }
    let streamId = try reader.u8("the PES stream_id")
    let packetLength = Int(truncatingIfNeeded: try reader.u16("PES_packet_length"))
    // Stream ids without the optional header: program_stream_map, padding, private_stream_2, ….
    if Self.lacksOptionalHeader(streamId) {
      pts = nil
      dataStart = reader.position
      dataLength = packetLength == 0 ? nil : packetLength
      return
    }
    _ = try reader.u8("the PES flags")
    let flags = try reader.u8("PTS_DTS_flags")
    let headerLength = Int(truncatingIfNeeded: try reader.u8("PES_header_data_length"))
    let optional = try reader.take(headerLength, "the PES header's \(headerLength) bytes")
    if flags & 0x80 != 0 {
      var fields = ByteReader(optional)
      pts = Self.pts(field: try fields.uint(5, "the PTS"))
    } else {
      pts = nil
    }
    dataStart = reader.position
    dataLength = packetLength == 0 ? nil : max(0, packetLength - 3 - headerLength)
  }

  /// Stream ids without the optional header: program_stream_map, padding, private_stream_2, ECM,
  /// EMM, program_stream_directory, DSMCC, H.222.1 type E.
  @inline(__always)
  static func lacksOptionalHeader(_ streamId: UInt8) -> Bool {
    switch streamId {
    case 0xBC, 0xBE, 0xBF, 0xF0, 0xF1, 0xFF, 0xF2, 0xF8: true
    default: false
    }
  }

  /// The 33-bit PTS of a 5-byte PTS field: 4 marker bits, 3 bits, marker, 15 bits, marker, 15
  /// bits, marker.
  @inline(__always)
  static func pts(field raw: UInt64) -> UInt64 {
    (raw >> 33 & 0x7) << 30 | (raw >> 17 & 0x7FFF) << 15 | (raw >> 1 & 0x7FFF)
  }
}

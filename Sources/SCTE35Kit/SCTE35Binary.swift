import Foundation

/// Decodes a binary `splice_info_section` (SCTE 35 §9.6): its header, a `splice_insert` or
/// `time_signal` command and the segmentation descriptors; the CRC-32 is checked.
public enum SCTE35Binary {
  /// Decodes base64 text (whitespace ignored).
  public static func decode(base64 text: String) throws(SCTE35Error) -> SCTE35Signal {
    let compact = withoutWhitespace(text)
    guard let data = Data(base64Encoded: compact) else {
      throw SCTE35Error("the binary signal is not base64")
    }
    return try decode([UInt8](data))
  }

  /// `text` without the characters that are white space (Unicode's White_Space property). ASCII
  /// text is filtered byte by byte (its white space is tab, LF, VT, FF, CR and space), without
  /// breaking it into `Character`s (≈ 700 instructions a character).
  static func withoutWhitespace(_ text: String) -> String {
    var text = text
    let ascii: [UInt8]? = text.withUTF8 { bytes in
      guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
      return bytes.filter { !($0 == 0x20 || ($0 >= 0x09 && $0 <= 0x0D)) }
    }
    guard let ascii else { return text.filter { !$0.isWhitespace } }
    return String(decoding: ascii, as: UTF8.self)
  }

  /// Decodes the bytes of one section.
  public static func decode(_ bytes: [UInt8]) throws(SCTE35Error) -> SCTE35Signal {
    var reader = BitReader(bytes)
    let tableId = try reader.read(8, "table_id")
    guard tableId == 0xFC else {
      throw SCTE35Error("table_id is 0x\(String(tableId, radix: 16, uppercase: true)), expected 0xFC")
    }
    try reader.skip(bits: 4, "section_syntax_indicator")
    let sectionLength = try reader.read(12, "section_length")
    guard Int(truncatingIfNeeded: sectionLength) + 3 <= bytes.count else {
      throw SCTE35Error("section_length is \(sectionLength) but only \(bytes.count - 3) bytes follow it")
    }
    let section = Array(bytes.prefix(Int(truncatingIfNeeded: sectionLength) + 3))
    guard crc32(section) == 0 else { throw SCTE35Error("the section's CRC_32 does not match its bytes") }
    reader = BitReader(section)
    try reader.skip(bits: 32, "the section header")
    if try reader.flag("encrypted_packet") {
      throw SCTE35Error(
        "the section is encrypted (encrypted_packet = 1), which is not supported", kind: .unsupported)
    }
    try reader.skip(bits: 6, "encryption_algorithm")
    let ptsAdjustment = try reader.read(33, "pts_adjustment")
    try reader.skip(bits: 8 + 12, "cw_index and tier")
    let commandLength = try reader.read(12, "splice_command_length")
    let commandType = try reader.read(8, "splice_command_type")
    let commandStart = reader.byteOffset
    var signal: SCTE35Signal
    switch commandType {
    case 0x05: signal = try spliceInsert(&reader)
    case 0x06:
      signal = SCTE35Signal(command: .timeSignal)
      signal.ptsTime = try spliceTime(&reader)
    default:
      // splice_null (a heartbeat) and bandwidth_reservation signal nothing.
      throw SCTE35Error(
        "splice_command_type 0x\(String(commandType, radix: 16, uppercase: true)) is not supported "
          + "(expected 0x05 splice_insert or 0x06 time_signal)",
        kind: commandType == 0x00 || commandType == 0x07 ? .noSignal : .unsupported)
    }
    signal.ptsAdjustment = ptsAdjustment
    if commandLength != 0xFFF {
      // The length is authoritative: skip what the command holds beyond the fields read.
      let read = reader.byteOffset - commandStart
      guard read <= Int(truncatingIfNeeded: commandLength) else {
        throw SCTE35Error("splice_command_length is \(commandLength) but the command holds \(read) bytes")
      }
      try reader.skip(bits: (Int(truncatingIfNeeded: commandLength) - read) * 8, "the splice command")
    }
    let loopLength = try reader.read(16, "descriptor_loop_length")
    var left = Int(truncatingIfNeeded: loopLength)
    while left > 0 {
      let tag = try reader.read(8, "splice_descriptor_tag")
      let length = Int(truncatingIfNeeded: try reader.read(8, "descriptor_length"))
      guard length + 2 <= left else { throw SCTE35Error("a descriptor runs past descriptor_loop_length") }
      let start = reader.byteOffset
      if tag == 0x02 {
        signal.segmentations.append(try segmentation(&reader, length: length))
      }
      guard reader.byteOffset - start <= length else {
        throw SCTE35Error("a segmentation_descriptor holds more than its descriptor_length \(length)")
      }
      try reader.skip(bits: (length - (reader.byteOffset - start)) * 8, "a splice descriptor")
      left -= length + 2
    }
    return signal
  }

  private static func spliceTime(_ reader: inout BitReader) throws(SCTE35Error) -> UInt64? {
    guard try reader.flag("time_specified_flag") else {
      try reader.skip(bits: 7, "splice_time")
      return nil
    }
    try reader.skip(bits: 6, "splice_time")
    return try reader.read(33, "pts_time")
  }

  private static func spliceInsert(_ reader: inout BitReader) throws(SCTE35Error) -> SCTE35Signal {
    var signal = SCTE35Signal(command: .spliceInsert)
    signal.spliceEventId = UInt32(truncatingIfNeeded: try reader.read(32, "splice_event_id"))
    signal.cancel = try reader.flag("splice_event_cancel_indicator")
    try reader.skip(bits: 7, "splice_insert")
    guard !signal.cancel else { return signal }
    signal.outOfNetwork = try reader.flag("out_of_network_indicator")
    let programSplice = try reader.flag("program_splice_flag")
    let hasDuration = try reader.flag("duration_flag")
    signal.immediate = try reader.flag("splice_immediate_flag")
    try reader.skip(bits: 4, "splice_insert")
    if programSplice {
      if !signal.immediate { signal.ptsTime = try spliceTime(&reader) }
    } else {
      let components = try reader.read(8, "component_count")
      for _ in 0..<components {
        try reader.skip(bits: 8, "component_tag")
        if !signal.immediate { _ = try spliceTime(&reader) }
      }
    }
    if hasDuration {
      signal.autoReturn = try reader.flag("auto_return")
      try reader.skip(bits: 6, "break_duration")
      signal.breakDuration = try reader.read(33, "break_duration.duration")
    }
    signal.uniqueProgramId = UInt16(truncatingIfNeeded: try reader.read(16, "unique_program_id"))
    signal.availNum = UInt8(truncatingIfNeeded: try reader.read(8, "avail_num"))
    signal.availsExpected = UInt8(truncatingIfNeeded: try reader.read(8, "avails_expected"))
    return signal
  }

  private static func segmentation(_ reader: inout BitReader, length: Int) throws(SCTE35Error)
    -> SCTE35Segmentation
  {
    try reader.skip(bits: 32, "the descriptor's identifier")
    var result = SCTE35Segmentation(
      eventId: UInt32(truncatingIfNeeded: try reader.read(32, "segmentation_event_id")))
    result.cancel = try reader.flag("segmentation_event_cancel_indicator")
    try reader.skip(bits: 7, "segmentation_descriptor")
    guard !result.cancel else { return result }
    let programSegmentation = try reader.flag("program_segmentation_flag")
    let hasDuration = try reader.flag("segmentation_duration_flag")
    try reader.skip(bits: 6, "delivery restrictions")
    if !programSegmentation {
      let components = try reader.read(8, "component_count")
      try reader.skip(bits: Int(truncatingIfNeeded: components) * 48, "the components")
    }
    if hasDuration { result.duration = try reader.read(40, "segmentation_duration") }
    try reader.skip(bits: 8, "segmentation_upid_type")
    let upidLength = try reader.read(8, "segmentation_upid_length")
    try reader.skip(bits: Int(truncatingIfNeeded: upidLength) * 8, "segmentation_upid")
    result.typeId = UInt8(truncatingIfNeeded: try reader.read(8, "segmentation_type_id"))
    result.segmentNum = UInt8(truncatingIfNeeded: try reader.read(8, "segment_num"))
    result.segmentsExpected = UInt8(truncatingIfNeeded: try reader.read(8, "segments_expected"))
    return result
  }

  /// CRC-32/MPEG-2 (polynomial 0x04C11DB7, no reflection, initial 0xFFFFFFFF, no final xor);
  /// over a whole section including its CRC_32 it is 0. MPEG-TS's PSI sections (PAT, PMT) use it too.
  public static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    crcTable.withUnsafeBufferPointer { table in
      for byte in bytes {
        crc = crc << 8 ^ table[Int(truncatingIfNeeded: UInt8(truncatingIfNeeded: crc >> 24) ^ byte)]
      }
    }
    return crc
  }

  /// The CRC's eight steps over each byte value, so that a section is read a byte at a time
  /// rather than a bit at a time.
  private static let crcTable: [UInt32] = (0..<256).map { (value: UInt32) in
    var crc = value << 24
    for _ in 0..<8 { crc = crc & 0x8000_0000 != 0 ? (crc << 1) ^ 0x04C1_1DB7 : crc << 1 }
    return crc
  }
}

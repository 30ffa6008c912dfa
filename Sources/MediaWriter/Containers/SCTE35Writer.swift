import SCTE35Kit

/// Writes binary SCTE-35 `splice_info_section`s for tests, with a correct CRC_32.
public enum SCTE35Writer {
  /// A `splice_insert` out of (or back into) the network at `ptsTime`, with a break duration.
  public static func spliceInsert(
    eventId: UInt32, ptsTime: UInt64?, duration: UInt64?, out: Bool = true, ptsAdjustment: UInt64 = 0
  ) -> [UInt8] {
    var command = BitWriter()
    command.put(UInt64(truncatingIfNeeded: eventId), 32)
    command.put(0, 1)  // splice_event_cancel_indicator
    command.put(0x7F, 7)
    command.put(out ? 1 : 0, 1)
    command.put(1, 1)  // program_splice_flag
    command.put(duration == nil ? 0 : 1, 1)
    command.put(ptsTime == nil ? 1 : 0, 1)  // splice_immediate_flag
    command.put(0xF, 4)
    if let ptsTime { spliceTime(&command, ptsTime) }
    if let duration {
      command.put(1, 1)  // auto_return
      command.put(0x3F, 6)
      command.put(duration, 33)
    }
    command.put(1, 16)  // unique_program_id
    command.put(0, 8)
    command.put(0, 8)
    return section(command: 0x05, command.bytes, ptsAdjustment: ptsAdjustment)
  }

  /// A `time_signal` at `ptsTime` with one segmentation descriptor of `typeId`.
  public static func timeSignal(
    ptsTime: UInt64, typeId: UInt8, eventId: UInt32, duration: UInt64?, ptsAdjustment: UInt64 = 0
  ) -> [UInt8] {
    var command = BitWriter()
    spliceTime(&command, ptsTime)
    var descriptor = BitWriter()
    descriptor.put(0x4355_4549, 32)  // "CUEI"
    descriptor.put(UInt64(truncatingIfNeeded: eventId), 32)
    descriptor.put(0, 1)
    descriptor.put(0x7F, 7)
    descriptor.put(1, 1)  // program_segmentation_flag
    descriptor.put(duration == nil ? 0 : 1, 1)
    descriptor.put(0x3F, 6)  // delivery_not_restricted and reserved
    if let duration { descriptor.put(duration, 40) }
    descriptor.put(0, 8)  // segmentation_upid_type
    descriptor.put(0, 8)  // segmentation_upid_length
    descriptor.put(UInt64(truncatingIfNeeded: typeId), 8)
    descriptor.put(1, 8)
    descriptor.put(1, 8)
    let body = descriptor.bytes
    return section(
      command: 0x06, command.bytes, descriptors: [0x02, UInt8(truncatingIfNeeded: body.count)] + body,
      ptsAdjustment: ptsAdjustment)
  }

  /// A section carrying command `type` with `bytes` (`splice_null` is 0x00 with none,
  /// `private_command` 0xFF).
  public static func command(_ type: UInt8, _ bytes: [UInt8]) -> [UInt8] {
    section(command: type, bytes, ptsAdjustment: 0)
  }

  private static func spliceTime(_ writer: inout BitWriter, _ pts: UInt64) {
    writer.put(1, 1)
    writer.put(0x3F, 6)
    writer.put(pts, 33)
  }

  private static func section(
    command type: UInt8, _ command: [UInt8], descriptors: [UInt8] = [], ptsAdjustment: UInt64
  ) -> [UInt8] {
    var body = BitWriter()
    body.put(0, 8)  // protocol_version
    body.put(0, 1)  // encrypted_packet
    body.put(0, 6)
    body.put(ptsAdjustment, 33)
    body.put(0, 8)  // cw_index
    body.put(0xFFF, 12)  // tier
    body.put(UInt64(truncatingIfNeeded: command.count), 12)
    body.put(UInt64(truncatingIfNeeded: type), 8)
    var bytes = body.bytes + command
    bytes +=
      [UInt8(truncatingIfNeeded: descriptors.count >> 8), UInt8(truncatingIfNeeded: descriptors.count)]
      + descriptors
    let length = bytes.count + 4
    var section: [UInt8] =
      [0xFC, UInt8(truncatingIfNeeded: 0x30 | length >> 8), UInt8(truncatingIfNeeded: length)] + bytes
    section += PSI.crcBytes(section)
    return section
  }
}

/// Writes MPEG-TS segments: a PAT and a PMT (a video stream, a timed-ID3 stream with
/// Apple's metadata descriptors, an SCTE-35 stream with its `CUEI` registration), then PES packets
/// and sections in the order they are added, each split into 188-byte packets.
public struct TSWriter {
  public static let pmtPID = 0x1000
  public static let videoPID = 0x100
  public static let audioPID = 0x101
  public static let id3PID = 0x102
  public static let scte35PID = 0x103

  private var packets: [UInt8] = []
  private var continuity: [Int: UInt8] = [:]

  /// A segment that starts with the PAT and PMT; `withAudio` adds an ADTS audio stream, and
  /// `registersCUEI` the program's `CUEI` registration descriptor, which ffmpeg needs to take stream
  /// type 0x86 for SCTE-35.
  public init(withAudio: Bool = false, registersCUEI: Bool = false) {
    section(pid: 0, Self.pat())
    section(pid: Self.pmtPID, Self.pmt(withAudio: withAudio, registersCUEI: registersCUEI))
  }

  /// The segment's bytes.
  public var bytes: [UInt8] { packets }

  /// A video PES at `pts` (90 kHz, 33 bits) of `size` filler bytes.
  public mutating func video(pts: UInt64, size: Int = 2000) {
    pes(pid: Self.videoPID, streamId: 0xE0, pts: pts, Array(repeating: 0xAB, count: size), bounded: false)
  }

  /// An audio PES at `pts`.
  public mutating func audio(pts: UInt64, size: Int = 300) {
    pes(pid: Self.audioPID, streamId: 0xC0, pts: pts, Array(repeating: 0xCD, count: size), bounded: true)
  }

  /// A video access unit (Annex B bytes) at `pts`, its first packet carrying the PCR (the PTS) and,
  /// for a key frame, the random access indicator.
  public mutating func videoFrame(pts: UInt64, _ accessUnit: [UInt8], key: Bool) {
    pes(pid: Self.videoPID, streamId: 0xE0, pts: pts, accessUnit, bounded: false, pcr: (pts, key))
  }

  /// A video access unit with a decoding time before its presentation (B pictures), the PCR its DTS.
  public mutating func videoFrame(pts: UInt64, dts: UInt64, _ accessUnit: [UInt8], key: Bool) {
    guard dts != pts else { return videoFrame(pts: pts, accessUnit, key: key) }
    let optional = Self.timestampBytes(pts, prefix: 0x30) + Self.timestampBytes(dts, prefix: 0x10)
    let header: [UInt8] =
      [0, 0, 1, 0xE0, 0, 0, 0x84, 0xC0, UInt8(truncatingIfNeeded: optional.count)] + optional
    packetize(pid: Self.videoPID, header + accessUnit, pcr: (dts, key))
  }

  /// An audio PES at `pts` holding `frames` (ADTS frames, one after the other).
  public mutating func audio(pts: UInt64, _ frames: [UInt8]) {
    pes(pid: Self.audioPID, streamId: 0xC0, pts: pts, frames, bounded: true)
  }

  /// A timed-ID3 PES (private_stream_1, data aligned) at `pts` holding `tag`.
  public mutating func id3(pts: UInt64, _ tag: [UInt8]) {
    pes(pid: Self.id3PID, streamId: 0xBD, pts: pts, tag, bounded: true)
  }

  /// An SCTE-35 section on its PID.
  public mutating func scte35(_ section: [UInt8]) { self.section(pid: Self.scte35PID, section) }

  /// Raw packet bytes appended as they are (for hostile inputs).
  public mutating func raw(_ bytes: [UInt8]) { packets += bytes }

  /// A PES split into packets; the last is filled out with an adaptation field's stuffing.
  public mutating func pes(
    pid: Int, streamId: UInt8, pts: UInt64?, _ data: [UInt8], bounded: Bool, pcr: (UInt64, key: Bool)? = nil
  ) {
    var header: [UInt8] = [0, 0, 1, streamId]
    let optional: [UInt8] = pts.map(Self.ptsBytes) ?? []
    let length = bounded ? 3 + optional.count + data.count : 0
    header += [UInt8(truncatingIfNeeded: length >> 8), UInt8(truncatingIfNeeded: length)]
    header += [0x84, pts == nil ? 0 : 0x80, UInt8(truncatingIfNeeded: optional.count)] + optional
    packetize(pid: pid, header + data, pcr: pcr)
  }

  /// A section after a 0 pointer_field, split into packets filled out with 0xFF.
  public mutating func section(pid: Int, _ section: [UInt8]) {
    var payload = [0] + section
    let packetsNeeded = (payload.count + 183) / 184
    payload += Array(repeating: 0xFF, count: packetsNeeded * 184 - payload.count)
    for index in 0..<packetsNeeded {
      packets += header(pid: pid, start: index == 0, adaptation: false)
      packets += payload[index * 184..<(index + 1) * 184]
    }
  }

  private mutating func packetize(pid: Int, _ unit: [UInt8], pcr: (UInt64, key: Bool)? = nil) {
    var offset = 0
    if let (clock, key) = pcr {
      // An adaptation field of flags and the 6-byte PCR, stuffed when the unit is short.
      let chunk = min(176, unit.count)
      let extra = 176 - chunk
      packets += header(pid: pid, start: true, adaptation: true)
      packets += [UInt8(truncatingIfNeeded: 7 + extra), key ? 0x50 : 0x10] + Self.pcrBytes(clock)
      packets += Array(repeating: 0xFF, count: extra) + unit[0..<chunk]
      offset = chunk
    }
    while offset < unit.count {
      let chunk = min(184, unit.count - offset)
      let stuffing = 184 - chunk
      packets += header(pid: pid, start: offset == 0, adaptation: stuffing > 0)
      if stuffing > 0 {
        // adaptation_field_length, then (when ≥ 1) flags 0 and 0xFF stuffing.
        packets.append(UInt8(truncatingIfNeeded: stuffing - 1))
        if stuffing > 1 { packets += [0] + Array(repeating: 0xFF, count: stuffing - 2) }
      }
      packets += unit[offset..<offset + chunk]
      offset += chunk
    }
  }

  private mutating func header(pid: Int, start: Bool, adaptation: Bool) -> [UInt8] {
    let counter = continuity[pid, default: 0]
    continuity[pid] = (counter + 1) & 0x0F
    return [
      0x47, UInt8(truncatingIfNeeded: (start ? 0x40 : 0) | pid >> 8 & 0x1F), UInt8(truncatingIfNeeded: pid),
      (adaptation ? 0x30 : 0x10) | counter,
    ]
  }

  /// A PCR: the 33-bit base in 90 kHz, 6 reserved bits, a 0 extension.
  static func pcrBytes(_ base: UInt64) -> [UInt8] {
    [
      UInt8(truncatingIfNeeded: base >> 25), UInt8(truncatingIfNeeded: base >> 17),
      UInt8(truncatingIfNeeded: base >> 9), UInt8(truncatingIfNeeded: base >> 1),
      UInt8(truncatingIfNeeded: (base & 1) << 7 | 0x7E), 0,
    ]
  }

  /// A PTS field ('0010', 33 bits with markers).
  public static func ptsBytes(_ pts: UInt64) -> [UInt8] { timestampBytes(pts, prefix: 0x20) }

  /// A 33-bit timestamp field with markers after its 4-bit `prefix` (0x20 PTS alone, 0x30 PTS
  /// before a DTS, 0x10 DTS).
  static func timestampBytes(_ pts: UInt64, prefix: UInt8) -> [UInt8] {
    [
      prefix | 1 | UInt8(truncatingIfNeeded: (pts >> 29) & 0x0E), UInt8(truncatingIfNeeded: pts >> 22),
      UInt8(truncatingIfNeeded: 0x01 | (pts >> 14) & 0xFE), UInt8(truncatingIfNeeded: pts >> 7),
      UInt8(truncatingIfNeeded: 0x01 | (pts << 1) & 0xFE),
    ]
  }

  static func pat() -> [UInt8] {
    longSection(
      table: 0x00, id: 1,
      [0, 1, UInt8(truncatingIfNeeded: 0xE0 | pmtPID >> 8), UInt8(truncatingIfNeeded: pmtPID)])
  }

  static func pmt(withAudio: Bool, registersCUEI: Bool) -> [UInt8] {
    // metadata_pointer_descriptor (0x25): application format 0xFFFF "ID3 ", format 0xFF "ID3 ",
    // service id 0, flags, program number.
    var programDescriptors: [UInt8] = [
      0x25, 0x0F, 0xFF, 0xFF, 0x49, 0x44, 0x33, 0x20, 0xFF, 0x49, 0x44, 0x33, 0x20, 0x00, 0x1F, 0x00, 0x01,
    ]
    if registersCUEI { programDescriptors += [0x05, 0x04, 0x43, 0x55, 0x45, 0x49] }
    var body: [UInt8] = [
      UInt8(truncatingIfNeeded: 0xE0 | videoPID >> 8), UInt8(truncatingIfNeeded: videoPID),
    ]
    body += [0xF0, UInt8(truncatingIfNeeded: programDescriptors.count)] + programDescriptors
    body += stream(0x1B, videoPID, [])
    if withAudio { body += stream(0x0F, audioPID, []) }
    // metadata_descriptor (0x26): the same formats, service id 0, decoder config flags 0.
    body += stream(
      0x15, id3PID,
      [0x26, 0x0D, 0xFF, 0xFF, 0x49, 0x44, 0x33, 0x20, 0xFF, 0x49, 0x44, 0x33, 0x20, 0x00, 0x0F])
    body += stream(0x86, scte35PID, [0x05, 0x04, 0x43, 0x55, 0x45, 0x49])
    return longSection(table: 0x02, id: 1, body)
  }

  private static func stream(_ type: UInt8, _ pid: Int, _ descriptors: [UInt8]) -> [UInt8] {
    [
      type, UInt8(truncatingIfNeeded: 0xE0 | pid >> 8), UInt8(truncatingIfNeeded: pid), 0xF0,
      UInt8(truncatingIfNeeded: descriptors.count),
    ] + descriptors
  }

  private static func longSection(table: UInt8, id: UInt16, _ body: [UInt8]) -> [UInt8] {
    let length = 5 + body.count + 4
    var section: [UInt8] = [
      table, UInt8(truncatingIfNeeded: 0xB0 | length >> 8), UInt8(truncatingIfNeeded: length),
      UInt8(truncatingIfNeeded: id >> 8), UInt8(truncatingIfNeeded: id), 0xC1, 0, 0,
    ]
    section += body
    return section + PSI.crcBytes(section)
  }
}

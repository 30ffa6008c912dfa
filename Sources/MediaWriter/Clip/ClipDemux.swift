/// The PES of an MPEG-TS clip, gathered per PID after the PAT and PMT: enough to cut ffmpeg's
/// output, not a general demuxer (MediaKit reads segments).
struct ClipDemux {
  struct RawUnit {
    var pts: UInt64
    var dts: UInt64
    var bytes: [UInt8]
  }

  private var pmtPID: Int?
  private(set) var videoPID: Int?
  private(set) var audioPID: Int?
  private(set) var units: [Int: [RawUnit]] = [:]
  private var pending: [Int: [UInt8]] = [:]

  mutating func read(_ bytes: [UInt8]) throws(TSClip.Failure) {
    guard bytes.count >= 188, bytes[0] == 0x47 else {
      throw TSClip.Failure(description: "not MPEG-TS (no 0x47 sync byte at byte 0)")
    }
    var offset = 0
    while offset + 188 <= bytes.count {
      guard bytes[offset] == 0x47 else {
        throw TSClip.Failure(description: "byte \(offset): lost the 0x47 sync byte")
      }
      packet(Array(bytes[offset..<offset + 188]))
      offset += 188
    }
    for pid in pending.keys { finish(pid) }
  }

  private mutating func packet(_ packet: [UInt8]) {
    let start = packet[1] & 0x40 != 0
    let pid = Int(truncatingIfNeeded: packet[1] & 0x1F) << 8 | Int(truncatingIfNeeded: packet[2])
    let control = packet[3] >> 4 & 3
    var payload = 4
    if control & 2 != 0 { payload += 1 + Int(truncatingIfNeeded: packet[4]) }
    guard control & 1 != 0, payload < 188 else { return }
    let body = Array(packet[payload...])
    if pid == 0 || pid == pmtPID {
      if start { table(pid, body) }
    } else if pid == videoPID || pid == audioPID {
      if start { finish(pid) }
      pending[pid, default: []] += body
    }
  }

  /// A PAT or PMT that fits its first packet (ffmpeg's do).
  private mutating func table(_ pid: Int, _ body: [UInt8]) {
    let pointer = Int(truncatingIfNeeded: body.first ?? 0)
    let section = Array(body.dropFirst(1 + pointer))
    guard section.count >= 12 else { return }
    let length = Int(truncatingIfNeeded: section[1] & 0x0F) << 8 | Int(truncatingIfNeeded: section[2])
    let end = min(section.count, 3 + length) - 4
    if pid == 0 {
      var index = 8
      while index + 4 <= end {
        let program =
          Int(truncatingIfNeeded: section[index]) << 8 | Int(truncatingIfNeeded: section[index + 1])
        if program != 0 {
          pmtPID =
            Int(truncatingIfNeeded: section[index + 2] & 0x1F) << 8
            | Int(truncatingIfNeeded: section[index + 3])
          return
        }
        index += 4
      }
      return
    }
    let infoLength = Int(truncatingIfNeeded: section[10] & 0x0F) << 8 | Int(truncatingIfNeeded: section[11])
    var index = 12 + infoLength
    while index + 5 <= end {
      let type = section[index]
      let stream =
        Int(truncatingIfNeeded: section[index + 1] & 0x1F) << 8 | Int(truncatingIfNeeded: section[index + 2])
      if type == 0x1B && videoPID == nil { videoPID = stream }
      if type == 0x0F && audioPID == nil { audioPID = stream }
      index +=
        5
        + (Int(truncatingIfNeeded: section[index + 3] & 0x0F) << 8
          | Int(truncatingIfNeeded: section[index + 4]))
    }
  }

  private mutating func finish(_ pid: Int) {
    guard let unit = pending.removeValue(forKey: pid), unit.count >= 9, unit[0] == 0, unit[1] == 0,
      unit[2] == 1
    else {
      return
    }
    let flags = unit[7] >> 6
    let headerEnd = 9 + Int(truncatingIfNeeded: unit[8])
    guard flags & 2 != 0, unit.count >= 14, headerEnd <= unit.count else { return }
    let pts = Self.timestamp(unit, at: 9)
    let dts = flags == 3 && unit.count >= 19 ? Self.timestamp(unit, at: 14) : pts
    units[pid, default: []].append(RawUnit(pts: pts, dts: dts, bytes: Array(unit[headerEnd...])))
  }

  private static func timestamp(_ bytes: [UInt8], at index: Int) -> UInt64 {
    let parts = (0..<5).map { UInt64(truncatingIfNeeded: bytes[index + $0]) }
    return (parts[0] >> 1 & 7) << 30 | parts[1] << 22 | (parts[2] >> 1) << 15 | parts[3] << 7 | parts[4] >> 1
  }
}

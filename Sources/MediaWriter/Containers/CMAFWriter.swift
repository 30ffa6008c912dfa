/// Writes fMP4 / CMAF segments for tests: an init segment (`ftyp`, `moov` with one track's `tkhd`,
/// `mdhd` and `trex`) and media segments (`styp`, `emsg` v0/v1 boxes, `moof` with `tfhd`, `tfdt`
/// and `trun`, `mdat`).
public enum CMAFWriter {
  /// A box of `type` around `body`.
  public static func box(_ type: String, _ body: [UInt8]) -> [UInt8] {
    u32(8 + body.count) + Array(type.utf8) + body
  }

  /// A full box (version and flags) of `type`.
  public static func fullBox(_ type: String, version: UInt8, flags: UInt32 = 0, _ body: [UInt8]) -> [UInt8] {
    box(type, [version] + Array(u32(Int(truncatingIfNeeded: flags)).dropFirst()) + body)
  }

  /// An init segment of one track with `timescale` and a `trex` default sample duration.
  public static func initSegment(track: UInt32 = 1, timescale: UInt32, defaultDuration: UInt32 = 0) -> [UInt8]
  {
    let tkhd = fullBox(
      "tkhd", version: 0, flags: 3,
      u32(0) + u32(0) + u32(Int(truncatingIfNeeded: track)) + [UInt8](repeating: 0, count: 72))
    let mdhd = fullBox(
      "mdhd", version: 0,
      u32(0) + u32(0) + u32(Int(truncatingIfNeeded: timescale)) + u32(0) + [0x55, 0xC4, 0, 0])
    let trex = fullBox(
      "trex", version: 0,
      u32(Int(truncatingIfNeeded: track)) + u32(1) + u32(Int(truncatingIfNeeded: defaultDuration)) + u32(0)
        + u32(0))
    let moov = box("moov", box("trak", tkhd + box("mdia", mdhd)) + box("mvex", trex))
    return box("ftyp", Array("cmfc".utf8) + u32(0) + Array("iso6cmfc".utf8)) + moov
  }

  /// An `emsg` box of version 0 (`time` is presentation_time_delta) or 1 (presentation_time).
  public static func emsg(
    version: UInt8, scheme: String, value: String = "", timescale: UInt32, time: UInt64, duration: UInt32,
    id: UInt32, _ message: [UInt8]
  ) -> [UInt8] {
    let strings = Array(scheme.utf8) + [0] + Array(value.utf8) + [0]
    if version == 0 {
      return fullBox(
        "emsg", version: 0,
        strings + u32(Int(truncatingIfNeeded: timescale)) + u32(Int(truncatingIfNeeded: time))
          + u32(Int(truncatingIfNeeded: duration)) + u32(Int(truncatingIfNeeded: id)) + message)
    }
    return fullBox(
      "emsg", version: 1,
      u32(Int(truncatingIfNeeded: timescale)) + u64(time) + u32(Int(truncatingIfNeeded: duration))
        + u32(Int(truncatingIfNeeded: id)) + strings + message)
  }

  /// A media segment: `styp`, the `emsg` boxes, one `moof` (track 1, `tfdt` = `decodeTime`,
  /// `samples` samples of `sampleDuration` each, given per sample) and an `mdat` of `mdatSize` bytes.
  public static func mediaSegment(
    emsgs: [[UInt8]], decodeTime: UInt64, sampleDuration: UInt32, samples: Int, mdatSize: Int = 4000,
    track: UInt32 = 1
  ) -> [UInt8] {
    let mfhd = fullBox("mfhd", version: 0, u32(1))
    let tfhd = fullBox("tfhd", version: 0, flags: 0x02_0000, u32(Int(truncatingIfNeeded: track)))
    let tfdt = fullBox("tfdt", version: 1, u64(decodeTime))
    var runBody = u32(samples) + u32(0)
    for _ in 0..<samples {
      runBody += u32(Int(truncatingIfNeeded: sampleDuration)) + u32(mdatSize / max(samples, 1))
    }
    let trun = fullBox("trun", version: 0, flags: 0x301, runBody)
    let moof = box("moof", mfhd + box("traf", tfhd + tfdt + trun))
    return box("styp", Array("msdh".utf8) + u32(0) + Array("msdhmsix".utf8)) + emsgs.flatMap { $0 } + moof
      + box("mdat", [UInt8](repeating: 0x5A, count: mdatSize))
  }

  public static func u32(_ value: Int) -> [UInt8] {
    [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
  }

  public static func u64(_ value: UInt64) -> [UInt8] {
    stride(from: 56, through: 0, by: -8).map {
      UInt8(truncatingIfNeeded: value >> UInt64(truncatingIfNeeded: $0))
    }
  }
}

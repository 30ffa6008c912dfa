extension CMAFWriter {
  /// A track of a muxed init segment.
  public enum TrackKind: Sendable {
    /// H.264 video of `width`×`height` from an SPS and a PPS (without start codes).
    case video(width: Int, height: Int, sps: [UInt8], pps: [UInt8])
    /// AAC audio from its `AudioSpecificConfig`.
    case audio(sampleRate: Int, channels: Int, config: [UInt8])
  }

  /// A track's samples in one fragment.
  public struct Fragment: Sendable {
    public var track: UInt32
    public var decodeTime: UInt64
    /// Each sample's duration, bytes and whether it is a sync sample.
    public var samples: [(duration: UInt32, bytes: [UInt8], sync: Bool)]
    /// Each sample's composition time less its decode time (B pictures), in the track's
    /// timescale, one per sample; empty when every sample is shown at its decode time.
    public var compositionOffsets: [Int32]

    public init(
      track: UInt32, decodeTime: UInt64, samples: [(duration: UInt32, bytes: [UInt8], sync: Bool)],
      compositionOffsets: [Int32] = []
    ) {
      self.track = track
      self.decodeTime = decodeTime
      self.samples = samples
      self.compositionOffsets = compositionOffsets
    }
  }

  /// An init segment of several tracks, numbered from 1 in order, each with its timescale.
  public static func initSegment(tracks: [(kind: TrackKind, timescale: UInt32)]) -> [UInt8] {
    var traks: [UInt8] = []
    var trexes: [UInt8] = []
    for (index, track) in tracks.enumerated() {
      let id = UInt32(truncatingIfNeeded: index + 1)
      traks += trak(id: id, track.kind, timescale: track.timescale)
      trexes += fullBox(
        "trex", version: 0, u32(Int(truncatingIfNeeded: id)) + u32(1) + u32(0) + u32(0) + u32(0))
    }
    let mvhd = fullBox(
      "mvhd", version: 0,
      u32(0) + u32(0) + u32(1000) + u32(0) + u32(0x0001_0000) + [1, 0] + zeros(10) + matrix + zeros(24)
        + u32(tracks.count + 1))
    return box("ftyp", Array("iso6".utf8) + u32(0) + Array("iso6cmfcmp41".utf8))
      + box("moov", mvhd + traks + box("mvex", trexes))
  }

  private static let matrix =
    u32(0x0001_0000) + u32(0) + u32(0) + u32(0) + u32(0x0001_0000) + u32(0) + u32(0)
    + u32(0) + u32(0x4000_0000)

  private static func zeros(_ count: Int) -> [UInt8] { [UInt8](repeating: 0, count: count) }

  private static func trak(id: UInt32, _ kind: TrackKind, timescale: UInt32) -> [UInt8] {
    let isVideo: Bool
    let size: (Int, Int)
    if case .video(let width, let height, _, _) = kind {
      isVideo = true
      size = (width, height)
    } else {
      isVideo = false
      size = (0, 0)
    }
    let tkhd = fullBox(
      "tkhd", version: 0, flags: 3,
      u32(0) + u32(0) + u32(Int(truncatingIfNeeded: id)) + u32(0) + u32(0) + zeros(8) + [0, 0, 0, 0]
        + (isVideo ? [0, 0] : [1, 0]) + [0, 0] + matrix + u32(size.0 << 16) + u32(size.1 << 16))
    let mdhd = fullBox(
      "mdhd", version: 0,
      u32(0) + u32(0) + u32(Int(truncatingIfNeeded: timescale)) + u32(0) + [0x55, 0xC4, 0, 0])
    let handler = isVideo ? "vide" : "soun"
    let hdlr = fullBox(
      "hdlr", version: 0,
      u32(0) + Array(handler.utf8) + zeros(12) + Array((isVideo ? "Video" : "Audio").utf8) + [0])
    let header =
      isVideo ? fullBox("vmhd", version: 0, flags: 1, zeros(8)) : fullBox("smhd", version: 0, zeros(4))
    let dinf = box("dinf", fullBox("dref", version: 0, u32(1) + fullBox("url ", version: 0, flags: 1, [])))
    let stbl = box(
      "stbl",
      fullBox("stsd", version: 0, u32(1) + sampleEntry(kind)) + fullBox("stts", version: 0, u32(0))
        + fullBox("stsc", version: 0, u32(0)) + fullBox("stsz", version: 0, u32(0) + u32(0))
        + fullBox("stco", version: 0, u32(0)))
    return box("trak", tkhd + box("mdia", mdhd + hdlr + box("minf", header + dinf + stbl)))
  }

  private static func sampleEntry(_ kind: TrackKind) -> [UInt8] {
    switch kind {
    case .video(let width, let height, let sps, let pps):
      let avcC = box(
        "avcC",
        [1, sps[1], sps[2], sps[3], 0xFF, 0xE1] + u16(sps.count) + sps + [1] + u16(pps.count) + pps)
      return box(
        "avc1",
        zeros(6) + [0, 1] + zeros(16) + u16(width) + u16(height) + u32(0x0048_0000) + u32(0x0048_0000)
          + u32(0)
          + [0, 1] + zeros(32) + [0, 0x18, 0xFF, 0xFF] + avcC)
    case .audio(let sampleRate, let channels, let config):
      let specific = [0x05, UInt8(truncatingIfNeeded: config.count)] + config
      let decoder = [0x04, UInt8(truncatingIfNeeded: 13 + specific.count), 0x40, 0x15] + zeros(11) + specific
      let descriptor =
        [0x03, UInt8(truncatingIfNeeded: 3 + decoder.count + 3), 0, 0, 0] + decoder + [0x06, 1, 2]
      return box(
        "mp4a",
        zeros(6) + [0, 1] + zeros(8) + u16(channels) + [0, 16] + zeros(4) + u32(sampleRate << 16)
          + fullBox("esds", version: 0, descriptor))
    }
  }

  /// A media segment of several tracks: `styp`, the `emsg` boxes, one `moof` (sequence
  /// `sequence`, a `traf` per fragment with `tfdt` and a `trun` of each sample's duration, size
  /// and sync flag, and its composition offset when the fragment has them (a version 1 `trun`:
  /// signed), data offsets from the `moof`) and one `mdat` of the samples.
  public static func mediaSegment(emsgs: [[UInt8]], sequence: Int, fragments: [Fragment]) -> [UInt8] {
    func moof(dataStart: Int) -> [UInt8] {
      var offset = dataStart
      var trafs: [UInt8] = []
      for fragment in fragments {
        let tfhd = fullBox("tfhd", version: 0, flags: 0x02_0000, u32(Int(truncatingIfNeeded: fragment.track)))
        let tfdt = fullBox("tfdt", version: 1, u64(fragment.decodeTime))
        let offsets = fragment.compositionOffsets
        var run = u32(fragment.samples.count) + u32(offset)
        for (index, sample) in fragment.samples.enumerated() {
          run += u32(Int(truncatingIfNeeded: sample.duration)) + u32(sample.bytes.count)
          run += u32(sample.sync ? 0x0200_0000 : 0x0101_0000)
          if !offsets.isEmpty {
            run += u32(index < offsets.count ? Int(truncatingIfNeeded: offsets[index]) : 0)
          }
          offset += sample.bytes.count
        }
        let trun =
          offsets.isEmpty
          ? fullBox("trun", version: 0, flags: 0x701, run) : fullBox("trun", version: 1, flags: 0xF01, run)
        trafs += box("traf", tfhd + tfdt + trun)
      }
      return box("moof", fullBox("mfhd", version: 0, u32(sequence)) + trafs)
    }
    let size = moof(dataStart: 0).count
    let data = fragments.flatMap { $0.samples.flatMap(\.bytes) }
    return box("styp", Array("msdh".utf8) + u32(0) + Array("msdhmsix".utf8)) + emsgs.flatMap { $0 }
      + moof(dataStart: size + 8) + box("mdat", data)
  }

  public static func u16(_ value: Int) -> [UInt8] {
    [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
  }
}

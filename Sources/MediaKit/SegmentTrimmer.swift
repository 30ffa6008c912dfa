/// Cuts a segment down to what adhost reads, for recordings: the trimmed segment reads to the same
/// timed metadata and stream times as the whole one.
/// - MPEG-TS: the PAT and PMT packets, every packet of the timed-ID3 and SCTE-35 PIDs, and for
///   each other elementary stream the packets that start its first and its last PES with a PTS
///   (and the PES start before each SCTE-35 packet, whose time an immediate splice takes).
/// - fMP4 / CMAF: every box, but `mdat` is left empty (8 bytes).
/// - Packed audio and anything else: unchanged.
public enum SegmentTrimmer {
  /// The trimmed segment.
  public static func trim(_ bytes: [UInt8]) -> [UInt8] {
    switch MediaReader.container(of: bytes) {
    case .mpegTS: return trimTS(bytes)
    case .fmp4: return trimBMFF(bytes)
    case .packedAudio, nil: return bytes
    }
  }

  private static func trimTS(_ bytes: [UInt8]) -> [UInt8] {
    var demux = TSDemux(bytes: bytes, timestamps: TSTimestamps(reference: nil))
    var kept: [Int] = []
    var ends: [Int: (first: Int, last: Int)] = [:]
    var latestPES: Int?
    var offset = 0
    while offset + TSPacket.size <= bytes.count {
      guard bytes[offset] == TSPacket.syncByte else {
        offset = bytes[(offset + 1)...].firstIndex(of: TSPacket.syncByte) ?? bytes.count
        continue
      }
      demux.packet(at: offset)
      if let packet = try? TSPacket(bytes, at: offset) {
        switch demux.kinds[packet.pid] {
        case .pat, .pmt, .id3: kept.append(offset)
        case .scte35:
          // A section without a splice time is placed at the latest PES timestamp before it.
          kept += [offset] + (latestPES.map { [$0] } ?? [])
        case .media:
          if packet.unitStart, (try? PESHeader(bytes[packet.payload]))?.pts != nil {
            ends[packet.pid] = (ends[packet.pid]?.first ?? offset, offset)
            latestPES = offset
          }
        case .unknown: break
        }
      }
      offset += TSPacket.size
    }
    for (first, last) in ends.values { kept += [first, last] }
    var out: [UInt8] = []
    for start in Set(kept).sorted() { out += bytes[start..<start + TSPacket.size] }
    return out
  }

  private static func trimBMFF(_ bytes: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    var offset = 0
    while offset < bytes.count {
      guard let box = try? BMFFBox(bytes, at: offset, in: 0..<bytes.count) else {
        out += bytes[offset...]  // what cannot be read as a box is kept as it is
        break
      }
      if box.code == BMFFBox.mdat {
        out += [0, 0, 0, 8] + Array("mdat".utf8)
      } else {
        out += bytes[box.start..<box.body.upperBound]
      }
      offset = box.body.upperBound
    }
    return out
  }
}

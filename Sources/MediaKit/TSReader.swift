import SCTE35Kit

/// Reads the timed metadata of an MPEG-TS segment without decoding audio or video: the PAT and
/// PMT, timed ID3 (stream type 0x15, one tag per PES, which may span packets), SCTE-35 sections
/// (stream type 0x86) and the first and last PES timestamps of every other elementary stream.
public enum TSReader {
  /// The largest timed-ID3 PES kept (bytes); a larger one is dropped with an issue.
  public static let maxMetadataPES = 1 << 20
  /// How many issues a scan (of any container) keeps; the ones after it are counted in a last issue.
  public static let maxIssues = 64

  /// Reads a TS segment. `ptsReference` (90 kHz ticks, unwrapped) is the timestamp near which
  /// this segment's are expected (the previous segment's first); without it the segment's own
  /// first timestamp is the reference.
  public static func read(_ bytes: [UInt8], ptsReference: Int64? = nil) throws(MediaError) -> MediaScan {
    guard bytes.first == TSPacket.syncByte else {
      throw MediaError(at: 0, "expected an MPEG-TS packet (sync byte 0x47)")
    }
    guard bytes.count >= TSPacket.size else {
      throw MediaError(at: 0, "the segment holds \(bytes.count) bytes, less than one 188-byte packet")
    }
    var demux = TSDemux(bytes: bytes, timestamps: TSTimestamps(reference: ptsReference))
    var end = 0
    bytes.withUnsafeBufferPointer { buffer in
      // A local offset, written back at the end: one the closure captured went through memory
      // at every packet. It stays within the buffer, so its sums are not checked for overflow.
      var offset = 0
      defer { end = offset }
      let count = buffer.count
      while count &- offset >= TSPacket.size {
        guard buffer[offset] == TSPacket.syncByte else {
          let next = bytes[(offset + 1)...].firstIndex(of: TSPacket.syncByte) ?? bytes.count
          demux.issue(
            MediaError(at: offset, "lost packet sync (expected 0x47); skipped \(next - offset) bytes"))
          offset = next
          continue
        }
        // Most packets continue a video or audio PES, or belong to no stream read: skipped here
        // on their PID alone.
        let flags = buffer[offset &+ 1]
        let pid = Int(truncatingIfNeeded: flags & 0x1F) << 8 | Int(truncatingIfNeeded: buffer[offset &+ 2])
        switch demux.kinds[pid] {
        case .unknown: break
        case .media: if flags & 0x40 != 0 { demux.mediaPacket(buffer, at: offset, pid: pid) }
        default: demux.packet(at: offset)
        }
        offset &+= TSPacket.size
      }
    }
    if end < bytes.count {
      demux.issue(MediaError(at: end, "the last packet is truncated: \(bytes.count - end) of 188 bytes"))
    }
    return demux.finish()
  }
}

/// Reads a segment's timed metadata, whatever its container: MPEG-TS (a 0x47 sync byte every 188
/// bytes), packed audio (a leading ID3 tag) or ISO-BMFF / CMAF (boxes).
public enum MediaReader {
  /// The box types a media or init segment may start with.
  static let leadingBoxes: Set<String> = [
    "ftyp", "styp", "moov", "moof", "emsg", "sidx", "prft", "free", "mdat",
  ]

  /// Which container `bytes` hold, or nil when none is recognised.
  public static func container(of bytes: [UInt8]) -> MediaScan.Container? {
    if bytes.first == TSPacket.syncByte && (bytes.count <= TSPacket.size || bytes[TSPacket.size] == 0x47) {
      return .mpegTS
    }
    if ID3Reader.startsTag(bytes[...]) { return .packedAudio }
    if bytes.count >= 8, leadingBoxes.contains(String(decoding: bytes[4..<8], as: UTF8.self)) { return .fmp4 }
    return nil
  }

  /// Reads a segment. `initSegment` gives fMP4 tracks' timescales; `ptsReference` is the 90 kHz
  /// timestamp a TS segment's are expected near (see `TSReader.read`).
  public static func scan(
    _ bytes: [UInt8], initSegment: BMFFInit = BMFFInit(), ptsReference: Int64? = nil
  ) throws(MediaError) -> MediaScan {
    switch container(of: bytes) {
    case .mpegTS: return try TSReader.read(bytes, ptsReference: ptsReference)
    case .packedAudio: return try PackedAudioReader.read(bytes)
    case .fmp4: return try BMFFReader.read(bytes, initSegment: initSegment)
    case nil:
      throw MediaError(
        at: 0,
        "expected MPEG-TS (sync byte 0x47), packed audio (an ID3 tag) or ISO-BMFF (a box such as 'moof')")
    }
  }
}

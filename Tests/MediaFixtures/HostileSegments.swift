import MediaWriter

/// Segments whose timed metadata is damaged in the ways a run must report (issue 37, R01): an
/// SCTE-35 section or a PAT whose CRC_32 fails, an ID3 tag or frame whose size lies, a PES
/// shorter than its length, an `emsg` whose message cannot be decoded, lost sync, a PTS jump, a
/// packed audio segment with a broken later tag; and two that are well formed but carry nothing
/// adhost reads (a `splice_null` heartbeat, a `private_command`). Each is a valid segment broken
/// on purpose, small enough to seed the media fuzz target (Fuzzing/corpus/media).
public enum HostileSegments {
  /// An ID3v2.4 tag: `TXXX` google_ids and `YMID`.
  public static func tag(_ id: String = "google_x") -> [UInt8] {
    var writer = ID3Writer(version: 4)
    writer.userText(description: "google_ids", id)
    writer.text("YMID", "m-\(id)")
    return writer.bytes()
  }

  /// The segment of issue 37's reproducer: video at 10 s, an SCTE-35 `splice_insert` whose
  /// CRC_32 fails, an ID3 tag whose size says 500 bytes, video at 15.96 s; and where the section
  /// and the ID3 PES start.
  public static func badCRCAndLyingID3() -> (bytes: [UInt8], section: Int, id3: Int) {
    var ts = TSWriter()
    ts.video(pts: 10 * 90_000, size: 200)
    var section = SCTE35Writer.spliceInsert(eventId: 7, ptsTime: 12 * 90_000, duration: 6 * 90_000)
    section[section.count - 1] ^= 0xFF
    let sectionAt = ts.bytes.count
    ts.scte35(section)
    var lying = tag("lying")
    lying.replaceSubrange(6..<10, with: [0, 0, 3, 0x74])  // 500, syncsafe
    let id3At = ts.bytes.count
    ts.id3(pts: 11 * 90_000, lying)
    ts.video(pts: 1_436_400, size: 200)
    return (ts.bytes, sectionAt, id3At)
  }

  /// The hostile segments by file name.
  public static func inputs() -> [(name: String, bytes: [UInt8])] {
    var result: [(String, [UInt8])] = [("ts-scte35-bad-crc-lying-id3.ts", badCRCAndLyingID3().bytes)]
    var pat = TSWriter()
    pat.video(pts: 90_000)
    var patBytes = pat.bytes
    patBytes[4 + 1 + 9] ^= 0x01  // in the PAT's program_number
    result.append(("ts-pat-bad-crc.ts", patBytes))
    result.append(("ts-id3-frame-larger.ts", ts(id3: frameSize(tag(), by: 0x40))))
    result.append(("ts-id3-frame-smaller.ts", ts(id3: frameSize(tag(), by: -5))))
    var heartbeat = TSWriter()
    heartbeat.video(pts: 90_000)
    heartbeat.scte35(SCTE35Writer.command(0x00, []))
    result.append(("ts-splice-null.ts", heartbeat.bytes))
    var privateCommand = TSWriter()
    privateCommand.video(pts: 90_000)
    privateCommand.scte35(SCTE35Writer.command(0xFF, Array("CUEI".utf8) + [1, 2, 3]))
    result.append(("ts-scte35-private-command.ts", privateCommand.bytes))
    var badSection = SCTE35Writer.spliceInsert(eventId: 1, ptsTime: 90_000, duration: nil)
    badSection[5] ^= 0x10
    let emsg = CMAFWriter.emsg(
      version: 1, scheme: "urn:scte:scte35:2013:bin", timescale: 90_000, time: 90_000, duration: 0, id: 3,
      badSection)
    result.append(
      (
        "mp4-emsg-scte35-bad-crc.mp4",
        CMAFWriter.initSegment(timescale: 90_000)
          + CMAFWriter.mediaSegment(
            emsgs: [emsg], decodeTime: 0, sampleDuration: 90_000, samples: 1, mdatSize: 16)
      ))
    result.append(("aac-later-tag-lying.aac", packedAudio(later: frameSize(tag("later"), by: 0x40))))
    return result
  }

  /// A TS segment: video at 1 s, then a timed-ID3 PES holding `id3`.
  static func ts(id3: [UInt8]) -> [UInt8] {
    var ts = TSWriter()
    ts.video(pts: 90_000, size: 200)
    ts.id3(pts: 90_000, id3)
    return ts.bytes
  }

  /// `tag` with its first frame's (syncsafe, small) size changed by `delta`.
  public static func frameSize(_ tag: [UInt8], by delta: Int) -> [UInt8] {
    var bytes = tag
    bytes[17] = UInt8(truncatingIfNeeded: Int(bytes[17]) + delta) & 0x7F
    return bytes
  }

  /// Packed audio's leading tag: the timestamp (10 s) and a `TXXX`.
  public static func leadingTag() -> [UInt8] {
    var leading = ID3Writer(version: 4)
    leading.priv(owner: "com.apple.streaming.transportStreamTimestamp", CMAFWriter.u64(900_000))
    leading.userText(description: "google_ids", "google_first")
    return leading.bytes()
  }

  /// Packed AAC audio: the leading tag, two ADTS frames, `later`, two frames.
  static func packedAudio(later: [UInt8]) -> [UInt8] {
    let frame: [UInt8] = [0xFF, 0xF1, 0x4C, 0x80, 0x0C, 0x9F, 0xFC] + [UInt8](repeating: 0, count: 93)
    return leadingTag() + frame + frame + later + frame + frame
  }
}

import MediaWriter

/// Hostile segments for the corpus in Tests/Fixtures/hostile-inputs/media: truncated packets,
/// lying lengths, PTS chaos, endless and zero-size boxes. Each is a valid segment broken on purpose.
public enum HostileMedia {
  /// The inputs, by file name.
  public static func inputs() -> [(name: String, bytes: [UInt8])] {
    var id3 = ID3Writer(version: 4)
    id3.userText(description: "google_ids", "google_x")
    let tag = id3.bytes()
    var valid = TSWriter()
    valid.video(pts: 90_000)
    valid.id3(pts: 90_000, tag)
    var result: [(String, [UInt8])] = []
    result.append(("ts-truncated-packet.ts", Array(valid.bytes.dropLast(100))))
    result.append(("ts-one-byte.ts", [0x47]))
    var lostSync = valid.bytes
    lostSync[188 * 2] = 0x00
    result.append(("ts-lost-sync.ts", lostSync))
    // A PES that says it holds 60000 bytes but ends with the segment.
    var lying = TSWriter()
    lying.pes(pid: TSWriter.id3PID, streamId: 0xBD, pts: 90_000, tag, bounded: true)
    var lyingBytes = lying.bytes
    let pesStart = 188 * 2 + 4 + Int(lyingBytes[188 * 2 + 4]) + 1
    lyingBytes[pesStart + 4] = 0xEA
    lyingBytes[pesStart + 5] = 0x60
    result.append(("ts-lying-pes-length.ts", lyingBytes))
    // An ID3 tag whose size is larger than the PES.
    var bigTag = tag
    bigTag[9] = 0x7F
    var lyingTag = TSWriter()
    lyingTag.id3(pts: 90_000, bigTag)
    result.append(("ts-lying-id3-size.ts", lyingTag.bytes))
    // Timestamps all over the place.
    var chaos = TSWriter()
    for pts: UInt64 in [90_000, 0x1_FFFF_FFFF, 5, 1 << 32, 90_000, 0] {
      chaos.video(pts: pts, size: 100)
      chaos.id3(pts: pts, tag)
    }
    result.append(("ts-pts-chaos.ts", chaos.bytes))
    // An adaptation field longer than its packet, and a PMT with a wrong CRC.
    var adaptation = TSWriter()
    adaptation.raw([0x47, 0x41, 0x00, 0x30, 0xFF] + [UInt8](repeating: 0, count: 183))
    result.append(("ts-adaptation-too-long.ts", adaptation.bytes))
    var badCRC = valid.bytes
    badCRC[188 + 20] ^= 0xFF
    result.append(("ts-pmt-bad-crc.ts", badCRC))
    // A section that never ends: section_length 4093 and packets that carry nothing more.
    var endless = TSWriter()
    endless.raw([0x47, 0x41, 0x03, 0x10, 0x00, 0xFC, 0x3F, 0xFD] + [UInt8](repeating: 0xAA, count: 180))
    for counter in 0..<40 {
      endless.raw(
        [0x47, 0x01, 0x03, 0x10 | UInt8(truncatingIfNeeded: counter & 15)]
          + [UInt8](repeating: 0xAA, count: 184))
    }
    result.append(("ts-endless-section.ts", endless.bytes))

    let initSegment = CMAFWriter.initSegment(timescale: 90_000)
    result.append(("mp4-zero-size-box.mp4", initSegment + CMAFWriter.u32(0) + Array("moof".utf8)))
    result.append(("mp4-box-smaller-than-header.mp4", CMAFWriter.u32(3) + Array("styp".utf8) + [0, 0, 0, 0]))
    result.append(("mp4-box-past-end.mp4", CMAFWriter.u32(0x7FFF_FFFF) + Array("moof".utf8) + [0, 0]))
    result.append(
      ("mp4-huge-largesize.mp4", CMAFWriter.u32(1) + Array("moof".utf8) + CMAFWriter.u64(UInt64.max)))
    var deep = CMAFWriter.box("traf", [])
    for _ in 0..<200 { deep = CMAFWriter.box("moof", deep) }
    result.append(("mp4-deep-nesting.mp4", deep))
    let emsgNoTerminator = CMAFWriter.fullBox("emsg", version: 0, Array("urn:no:end".utf8))
    result.append(
      ("mp4-emsg-unterminated.mp4", CMAFWriter.box("styp", Array("msdh".utf8)) + emsgNoTerminator))
    let emsgZeroTimescale = CMAFWriter.emsg(
      version: 1, scheme: "urn:x", timescale: 0, time: 1, duration: 0, id: 1, [])
    result.append(("mp4-emsg-zero-timescale.mp4", emsgZeroTimescale))
    let emsgBadID3 = CMAFWriter.emsg(
      version: 1, scheme: "https://aomedia.org/emsg/ID3", timescale: 1, time: 1, duration: 0, id: 1,
      Array("ID3".utf8) + [4, 0, 0, 0x7F, 0x7F, 0x7F, 0x7F])
    result.append(
      (
        "mp4-emsg-lying-id3.mp4",
        CMAFWriter.mediaSegment(emsgs: [emsgBadID3], decodeTime: 0, sampleDuration: 1, samples: 1)
      ))
    let hugeRun = CMAFWriter.box(
      "moof",
      CMAFWriter.box(
        "traf", CMAFWriter.fullBox("trun", version: 0, flags: 0x300, CMAFWriter.u32(0xFFFF_FFFF))))
    result.append(("mp4-trun-lying-count.mp4", hugeRun))
    result.append(("aac-no-timestamp.aac", tag + [0xFF, 0xF1, 0x4C, 0x80, 0xFF, 0xFF, 0xFC]))
    result.append(("unknown.bin", Array("not media at all".utf8)))
    return result + HostileSegments.inputs()
  }
}

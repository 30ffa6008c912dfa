import SCTE35Kit

extension TSDemux {
  /// A whole PSI section of `pid`: the PAT, a PMT or an SCTE-35 `splice_info_section`.
  mutating func section(_ section: [UInt8], pid: Int, at offset: Int) throws(MediaError) {
    switch kinds[pid] {
    case .scte35: scte35(section, pid: pid, at: offset)
    case .pat, .pmt:
      guard SCTE35Binary.crc32(section) == 0 else {
        throw MediaError(at: offset, "PID \(pid): the section's CRC_32 does not match its bytes")
      }
      // table_id, section_length, then 5 bytes of the long header; the CRC_32 ends it.
      var reader = ByteReader(section.dropFirst(8).dropLast(4))
      if kinds[pid] == .pat, section[0] == 0x00 {
        try programAssociation(&reader)
      } else if kinds[pid] == .pmt, section[0] == 0x02 {
        try programMap(&reader, at: offset)
      }
    default: break
    }
  }

  /// PAT: program_number and its PMT's PID, in 4 bytes each.
  private mutating func programAssociation(_ reader: inout ByteReader) throws(MediaError) {
    while reader.remaining >= 4 {
      let program = try reader.u16("program_number")
      let pid = Int(truncatingIfNeeded: try reader.u16("program_map_PID") & 0x1FFF)
      if program != 0 && pid != 0 {
        kinds[pid] = .pmt
        pmtNamed = true
      }
    }
  }

  /// PMT: each elementary stream's type, PID and descriptors.
  private mutating func programMap(_ reader: inout ByteReader, at offset: Int) throws(MediaError) {
    _ = try reader.u16("PCR_PID")
    let infoLength = Int(truncatingIfNeeded: try reader.u16("program_info_length") & 0x0FFF)
    try reader.skip(infoLength, "the program descriptors")
    while reader.remaining >= 5 {
      let type = try reader.u8("stream_type")
      let pid = Int(truncatingIfNeeded: try reader.u16("elementary_PID") & 0x1FFF)
      let length = Int(truncatingIfNeeded: try reader.u16("ES_info_length") & 0x0FFF)
      let descriptors = try reader.take(length, "the stream's descriptors")
      guard kinds[pid] != .pat && kinds[pid] != .pmt else {
        throw MediaError(at: offset, "the PMT gives PID \(pid), a PAT or PMT PID, to a stream")
      }
      declare(pid, type: type)
      switch type {
      case 0x15:
        if let format = Self.metadataFormat(descriptors), format != "ID3 " {
          issue(
            MediaError(
              at: offset, "PID \(pid): metadata in format \"\(format)\", not ID3, is not read",
              kind: .unsupported))
          kinds[pid] = .unknown
        } else {
          kinds[pid] = .id3
        }
      case 0x86: kinds[pid] = .scte35
      default: kinds[pid] = .media
      }
    }
  }

  /// The format of a `metadata_descriptor` (tag 0x26): `metadata_format_identifier` when
  /// `metadata_format` is 0xFF (`"ID3 "` for timed ID3); nil without one.
  static func metadataFormat(_ descriptors: ArraySlice<UInt8>) -> String? {
    var reader = ByteReader(descriptors)
    while reader.remaining >= 2 {
      guard let tag = try? reader.u8("descriptor_tag"), let length = try? reader.u8("descriptor_length"),
        let body = try? reader.take(Int(truncatingIfNeeded: length), "a descriptor")
      else { return nil }
      guard tag == 0x26 else { continue }
      var fields = ByteReader(body)
      guard let application = try? fields.u16("metadata_application_format") else { return nil }
      if application == 0xFFFF { _ = try? fields.u32("metadata_application_format_identifier") }
      guard let format = try? fields.u8("metadata_format") else { return nil }
      guard format == 0xFF, let identifier = try? fields.take(4, "metadata_format_identifier") else {
        return String(format)
      }
      return ID3Reader.latin1(identifier)
    }
    return nil
  }

  /// An SCTE-35 section: one item at its splice time with `pts_adjustment` added, or, for an
  /// immediate splice, at the latest PES timestamp read before it.
  private mutating func scte35(_ section: [UInt8], pid: Int, at offset: Int) {
    let signal: SCTE35Signal
    do { signal = try SCTE35Binary.decode(section) } catch {
      // A heartbeat (splice_null) is no cue and nothing wrong.
      guard error.kind != .noSignal else { return }
      issue(
        MediaError(
          at: offset, "PID \(pid): the SCTE-35 section cannot be read: \(error.message)",
          kind: error.kind == .unsupported ? .unsupported : .malformed))
      return
    }
    let ticks: Int64
    if let ptsTime = signal.ptsTime {
      ticks = timestamps.unwrap((ptsTime &+ signal.ptsAdjustment) & (1 << 33 - 1))
    } else if let latest {
      ticks = latest
    } else {
      issue(MediaError(at: offset, "PID \(pid): an SCTE-35 section without a splice time before any PTS"))
      return
    }
    let duration = signal.breakDurationSeconds ?? signal.segmentations.lazy.compactMap(\.seconds).first
    scan.items.append(
      TimedMetadata(time: TSTimestamps.seconds(ticks), duration: duration, payload: .scte35(signal)))
  }
}

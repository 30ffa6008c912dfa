import SCTE35Kit

/// The state of one TS segment's reading: what each PID carries, the sections and metadata PES
/// under way, and the streams' timestamps.
struct TSDemux {
  enum Kind: UInt8 {
    case unknown, pat, pmt, id3, scte35, media
  }

  /// A timed-ID3 PES being gathered.
  struct PendingPES {
    var offset: Int
    var pts: UInt64?
    var data: [UInt8]
    var expected: Int?
  }

  let bytes: [UInt8]
  var timestamps: TSTimestamps
  var scan = MediaScan(container: .mpegTS)
  /// What each of the 8192 PIDs carries: inline, so that the packet loop reads a PID's kind
  /// without loading an array's storage and checking its count (a PID has 13 bits).
  var kinds = InlineArray<8192, Kind>(repeating: .unknown)
  /// The elementary streams the PMT declared, in the order declared.
  var streams: [ElementaryStream] = []
  /// Each PID's index + 1 in `streams` (0: none), so that a PES start finds its stream without
  /// hashing; inline, zeroed with the demux (an array of 8192 made at the first stream declared
  /// was filled one element at a time, more than the rest of the PMT's reading).
  var slots = InlineArray<8192, UInt16>(repeating: 0)
  /// Whether a PAT named a PMT.
  var pmtNamed = false
  var sections: [Int: SectionAssembler] = [:]
  var pending: [Int: PendingPES] = [:]
  /// The latest PES timestamp of any stream: the time of a section without a splice time.
  var latest: Int64?
  var droppedIssues = 0

  init(bytes: [UInt8], timestamps: TSTimestamps) {
    self.bytes = bytes
    self.timestamps = timestamps
    kinds[0] = .pat
  }

  mutating func issue(_ error: MediaError) {
    if scan.issues.count < TSReader.maxIssues { scan.issues.append(error) } else { droppedIssues += 1 }
  }

  mutating func packet(at offset: Int) {
    let packet: TSPacket
    do { packet = try TSPacket(bytes, at: offset) } catch {
      issue(error)
      return
    }
    let payload = bytes[packet.payload]
    do {
      switch kinds[packet.pid] {
      case .unknown: return
      case .media:
        if packet.unitStart && !payload.isEmpty { try mediaPES(packet.pid, payload) }
      case .id3: try metadataPES(packet.pid, payload, unitStart: packet.unitStart)
      case .pat, .pmt, .scte35:
        var assembler = sections[packet.pid] ?? SectionAssembler()
        defer { sections[packet.pid] = assembler }
        for section in try assembler.add(payload, unitStart: packet.unitStart) {
          try self.section(section, pid: packet.pid, at: offset)
        }
      }
    } catch {
      issue(error)
    }
  }

  private mutating func metadataPES(_ pid: Int, _ payload: ArraySlice<UInt8>, unitStart: Bool)
    throws(MediaError)
  {
    if unitStart {
      flush(pid)
      let header = try PESHeader(payload)
      pending[pid] = PendingPES(
        offset: payload.startIndex, pts: header.pts, data: Array(payload[header.dataStart...]),
        expected: header.dataLength)
    } else if var entry = pending[pid] {
      pending[pid] = nil
      entry.data += payload
      pending[pid] = entry
    }
    guard let entry = pending[pid] else { return }
    if let expected = entry.expected, entry.data.count >= expected {
      flush(pid)
    } else if entry.data.count > TSReader.maxMetadataPES {
      pending[pid] = nil
      issue(
        MediaError(at: entry.offset, "PID \(pid): a timed-ID3 PES exceeds \(TSReader.maxMetadataPES) bytes"))
    }
  }

  /// Reads the metadata PES gathered on `pid`, if any.
  mutating func flush(_ pid: Int) {
    guard let entry = pending.removeValue(forKey: pid) else { return }
    var data = entry.data[...]
    if let expected = entry.expected {
      guard data.count >= expected else {
        issue(
          MediaError(
            at: entry.offset, "PID \(pid): the timed-ID3 PES holds \(data.count) of its \(expected) bytes"))
        return
      }
      data = data.prefix(expected)
    }
    guard let raw = entry.pts else {
      issue(MediaError(at: entry.offset, "PID \(pid): a timed-ID3 PES without a PTS"))
      return
    }
    let time = TSTimestamps.seconds(timestamps.unwrap(raw))
    do throws(MediaError) {
      // One tag per PES (Apple's format); tags back to back are read too.
      while ID3Reader.startsTag(data) {
        let size = try ID3Reader.tagSize(data)
        let tag = try ID3Reader.read(data)
        for frame in tag.frames { scan.items.append(TimedMetadata(time: time, payload: .id3(frame))) }
        for reason in tag.skipped {
          issue(MediaError(at: entry.offset, "PID \(pid): \(reason)", kind: .unsupported))
        }
        for problem in tag.problems {
          issue(
            problem.retold(
              at: entry.offset, "PID \(pid): the timed-ID3 PES's byte \(problem.offset): \(problem.message)"))
        }
        data = data.dropFirst(size)
      }
      if data.contains(where: { $0 != 0xFF && $0 != 0 }) {
        throw MediaError(at: data.startIndex, "expected an ID3 tag (\"ID3\")")
      }
    } catch {
      issue(
        error.retold(
          at: entry.offset, "PID \(pid): the timed-ID3 PES's byte \(error.offset): \(error.message)"))
    }
  }

  func finishTimes() -> [StreamTimes] {
    streams.filter(\.timed).sorted { $0.pid < $1.pid }.map {
      StreamTimes(
        id: UInt32(truncatingIfNeeded: $0.pid), streamType: $0.type,
        first: TSTimestamps.seconds($0.first), last: TSTimestamps.seconds($0.last))
    }
  }

  mutating func finish() -> MediaScan {
    for pid in pending.keys.sorted() { flush(pid) }
    scan.streams = finishTimes()
    if !pmtNamed { issue(MediaError(at: 0, "no PAT naming a PMT was found")) }
    if droppedIssues > 0 {
      scan.issues.append(MediaError(at: bytes.count, "\(droppedIssues) more issues were not kept"))
    }
    return scan
  }
}

import SCTE35Kit

/// The state of one ISO-BMFF reading: the tracks, the fragments' times and the `emsg` boxes,
/// placed in time once the whole segment has been read (a v0 `emsg` comes before the `moof`
/// whose `tfdt` it is relative to).
struct BMFFWalker {
  /// One `traf`: its track, `tfdt` and the summed durations of its samples.
  struct Fragment {
    var track: UInt32
    var decodeTime: UInt64?
    var duration: UInt64 = 0
    var defaultDuration: UInt32?
  }

  let bytes: [UInt8]
  var initInfo: BMFFInit
  var scan = MediaScan(container: .fmp4)
  var fragments: [Fragment] = []
  /// The `emsg` boxes read, each already an item of `scan` (decoded, at its time on the track's
  /// timeline): its index there, its box's offset, whether it is a v0 one (whose time counts from
  /// the first `tfdt`, added in `finish`) and why its message could not be decoded.
  var messages: [(item: Int, offset: Int, relative: Bool, failure: MediaError?)] = []
  /// The track a `trak` being read describes.
  private var trackId: UInt32?

  init(bytes: [UInt8], initInfo: BMFFInit) {
    self.bytes = bytes
    self.initInfo = initInfo
  }

  /// Reads the boxes in `range`.
  mutating func walk(_ range: Range<Int>, depth: Int) throws(MediaError) {
    guard depth < BMFFReader.maxDepth else {
      throw MediaError(at: range.lowerBound, "boxes nest deeper than \(BMFFReader.maxDepth) levels")
    }
    var offset = range.lowerBound
    while offset < range.upperBound {
      let box = try BMFFBox(bytes, at: offset, in: range)
      try read(box, depth: depth)
      offset = box.body.upperBound
    }
  }

  private mutating func read(_ box: BMFFBox, depth: Int) throws(MediaError) {
    var reader = ByteReader(bytes[box.body])
    switch box.code {
    case BMFFBox.moov, BMFFBox.mdia, BMFFBox.mvex, BMFFBox.moof:
      try walk(box.body, depth: depth + 1)
    case BMFFBox.trak:
      trackId = nil
      try walk(box.body, depth: depth + 1)
    case BMFFBox.traf:
      fragments.append(Fragment(track: 0))
      try walk(box.body, depth: depth + 1)
    case BMFFBox.tkhd:
      let version = try reader.u8("tkhd's version")
      try reader.skip(3 + (version == 1 ? 16 : 8), "tkhd's times")
      trackId = try reader.u32("tkhd's track_ID")
    case BMFFBox.mdhd:
      let version = try reader.u8("mdhd's version")
      try reader.skip(3 + (version == 1 ? 16 : 8), "mdhd's times")
      let timescale = try reader.u32("mdhd's timescale")
      guard timescale > 0 else { throw MediaError(at: box.start, "mdhd's timescale is 0") }
      initInfo.timescales[trackId ?? 0] = timescale
    case BMFFBox.trex:
      try reader.skip(4, "trex's version and flags")
      let track = try reader.u32("trex's track_ID")
      try reader.skip(4, "default_sample_description_index")
      initInfo.defaultDurations[track] = try reader.u32("trex's default_sample_duration")
    case BMFFBox.tfhd: try trackFragmentHeader(&reader, box)
    case BMFFBox.tfdt:
      let version = try reader.u8("tfdt's version")
      try reader.skip(3, "tfdt's flags")
      let time =
        version == 1
        ? try reader.u64("baseMediaDecodeTime")
        : UInt64(truncatingIfNeeded: try reader.u32("baseMediaDecodeTime"))
      try inFragment(box) { $0.decodeTime = time }
    case BMFFBox.trun: try trackRun(&reader, box)
    case BMFFBox.emsg: try eventMessage(&reader, box)
    default: break
    }
  }

  /// An `emsg`: decoded and made an item here, so that the message is not copied again.
  private mutating func eventMessage(_ reader: inout ByteReader, _ box: BMFFBox) throws(MediaError) {
    var message = try EventMessageReader.readFields(&reader, at: box.start)
    guard reader.remaining <= EventMessage.maxMessageBytes else {
      // Not a cue: its hex text would be twice its size, held for as long as the cue is.
      scan.issues.append(
        MediaError(
          at: box.start,
          "emsg \(message.id) (\(message.schemeIdUri)): its message_data of \(reader.remaining) bytes is over "
            + "the \(EventMessage.maxMessageBytes)-byte cap: not read"))
      return
    }
    message.messageData = Array(reader.rest())
    var failure: MediaError?
    do {
      message.decoded = try EventMessageReader.decode(scheme: message.schemeIdUri, message.messageData)
    } catch {
      failure = error.retold(
        at: box.start,
        "emsg \(message.id) (\(message.schemeIdUri)): its message cannot be read: \(error.message)")
    }
    if case .id3(let tag) = message.decoded, let problem = tag.problems.first {
      failure = problem.retold(
        at: box.start,
        "emsg \(message.id) (\(message.schemeIdUri)): its ID3 tag's byte \(problem.offset): \(problem.message)"
      )
    }
    let timescale = Double(message.timescale)
    let duration = message.eventDuration == 0xFFFF_FFFF ? nil : Double(message.eventDuration) / timescale
    if messages.isEmpty {
      // A segment carries a few: room for them at once rather than growing one by one.
      messages.reserveCapacity(8)
      scan.items.reserveCapacity(8)
    }
    messages.append((scan.items.count, box.start, message.version == 0, failure))
    scan.items.append(
      TimedMetadata(
        time: Double(message.presentationTime) / timescale, duration: duration, payload: .emsg(message)))
  }

  private mutating func inFragment(_ box: BMFFBox, _ change: (inout Fragment) -> Void) throws(MediaError) {
    guard !fragments.isEmpty else { throw MediaError(at: box.start, "'\(box.type)' outside a traf") }
    change(&fragments[fragments.count - 1])
  }

  private mutating func trackFragmentHeader(_ reader: inout ByteReader, _ box: BMFFBox) throws(MediaError) {
    let flags = try reader.u32("tfhd's version and flags") & 0xFF_FFFF
    let track = try reader.u32("tfhd's track_ID")
    if flags & 0x01 != 0 { try reader.skip(8, "base_data_offset") }
    if flags & 0x02 != 0 { try reader.skip(4, "sample_description_index") }
    let duration = flags & 0x08 != 0 ? try reader.u32("default_sample_duration") : nil
    try inFragment(box) {
      $0.track = track
      $0.defaultDuration = duration
    }
  }

  private mutating func trackRun(_ reader: inout ByteReader, _ box: BMFFBox) throws(MediaError) {
    let flags = try reader.u32("trun's version and flags") & 0xFF_FFFF
    let count = Int(truncatingIfNeeded: try reader.u32("sample_count"))
    if flags & 0x01 != 0 { try reader.skip(4, "data_offset") }
    if flags & 0x04 != 0 { try reader.skip(4, "first_sample_flags") }
    // Each sample: duration, size, flags, composition offset, 4 bytes each when flagged.
    let fields = (flags & 0xF00).nonzeroBitCount
    var total: UInt64 = 0
    if flags & 0x100 != 0 {
      guard count <= reader.remaining / (4 * fields) else {
        throw MediaError(
          at: box.start, "trun's sample_count \(count) needs more than the \(reader.remaining) bytes left")
      }
      total = reader.sumOfU32s(count: count, stride: 4 * fields)
    }
    let lastIndex = fragments.count - 1
    guard lastIndex >= 0 else { throw MediaError(at: box.start, "'trun' outside a traf") }
    let fragment = fragments[lastIndex]
    if flags & 0x100 == 0 {
      let perSample = fragment.defaultDuration ?? initInfo.defaultDurations[fragment.track] ?? 0
      total = UInt64(truncatingIfNeeded: perSample) &* UInt64(truncatingIfNeeded: count)
    }
    fragments[lastIndex].duration &+= total
  }
}

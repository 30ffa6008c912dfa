/// Reads ID3v2.3 and v2.4 tags (id3.org's "ID3 tag version 2.3.0" and "2.4.0-structure"): the
/// header, unsynchronisation (the whole tag in v2.3, per frame in v2.4), extended headers, and
/// the frames ad tracking reads (`TXXX`, `PRIV`, text and URL frames, `GEOB`).
public enum ID3Reader {
  /// The size of a tag's header (and of its footer, when there is one).
  static let headerSize = 10

  /// Whether `bytes` start with an ID3v2 tag's identifier.
  public static func startsTag(_ bytes: ArraySlice<UInt8>) -> Bool {
    bytes.count >= 3 && bytes[bytes.startIndex] == 0x49 && bytes[bytes.startIndex + 1] == 0x44
      && bytes[bytes.startIndex + 2] == 0x33
  }

  /// The whole size (header, body and footer) of the tag `bytes` start with.
  public static func tagSize(_ bytes: ArraySlice<UInt8>) throws(MediaError) -> Int {
    var reader = ByteReader(bytes)
    guard startsTag(bytes) else { throw MediaError(at: bytes.startIndex, "expected an ID3 tag (\"ID3\")") }
    try reader.skip(5, "the ID3 header")
    let flags = try reader.u8("the ID3 flags")
    let size = try syncsafe(&reader, "the ID3 tag size")
    return headerSize + size + (flags & 0x10 != 0 ? headerSize : 0)
  }

  /// Reads the tag `bytes` start with; bytes after it are ignored.
  public static func read(_ bytes: ArraySlice<UInt8>) throws(MediaError) -> ID3Tag {
    var reader = ByteReader(bytes)
    let start = bytes.startIndex
    guard startsTag(bytes) else { throw MediaError(at: start, "expected an ID3 tag (\"ID3\")") }
    try reader.skip(3, "the ID3 identifier")
    let version = try reader.u8("the ID3 version")
    _ = try reader.u8("the ID3 revision")
    guard version == 3 || version == 4 else {
      throw MediaError(
        at: start + 3, "ID3v2.\(version) is not supported (expected v2.3 or v2.4)", kind: .unsupported)
    }
    let flags = try reader.u8("the ID3 flags")
    let size = try syncsafe(&reader, "the ID3 tag size")
    guard size <= reader.remaining else {
      throw MediaError(at: start + 6, "the ID3 tag's size is \(size) but \(reader.remaining) bytes follow")
    }
    let unsynchronised = flags & 0x80 != 0
    let body = try reader.take(size, "the ID3 tag")
    // Offsets in errors are the segment's, but in a v2.3 unsynchronised tag, whose body is copied.
    var frames = ByteReader(unsynchronised && version == 3 ? resynchronise(body)[...] : body)
    if flags & 0x40 != 0 {
      // v2.3: a 4-byte size that does not count itself; v2.4: a syncsafe size that does.
      let extended =
        version == 3
        ? Int(truncatingIfNeeded: try frames.u32("the extended header size")) + 4
        : try syncsafe(&frames, "the extended header size")
      guard extended >= 4 else {
        throw MediaError(at: start + headerSize, "the extended header's size \(extended) is too small")
      }
      try frames.skip(extended - 4, "the extended header")
    }
    var tag = ID3Tag(version: version, frames: [])
    while frames.remaining >= headerSize {
      let idBytes = try frames.take(4, "a frame id")
      guard idBytes.allSatisfy({ (0x41...0x5A).contains($0) || (0x30...0x39).contains($0) }) else {
        // Padding ends the frames; other bytes are a frame whose size lied (the frames end too).
        let unread = frames.bytes[idBytes.startIndex...]
        if let garbage = unread.firstIndex(where: { $0 != 0 }) {
          tag.problems.append(
            MediaError(
              at: garbage,
              "the frames end at bytes that are neither a frame nor padding (a frame's size may lie)"))
        }
        break
      }
      let code = idBytes.reduce(0) { $0 << 8 | UInt32(truncatingIfNeeded: $1) }
      let id = frameId(code, idBytes)
      let frameSize =
        version == 3
        ? Int(truncatingIfNeeded: try frames.u32("\(id)'s size")) : try syncsafe(&frames, "\(id)'s size")
      let frameFlags = try frames.u16("\(id)'s flags")
      var data = try frames.take(frameSize, "\(id)'s data (\(frameSize) bytes)")
      if let reason = unreadable(frameFlags, version: version) {
        tag.skipped.append("\(id): \(reason)")
        continue
      }
      if version == 4 {
        // Grouping identity (1 byte), then the data length indicator (4 bytes), when flagged.
        var prefix = 0
        if frameFlags & 0x40 != 0 { prefix += 1 }
        if frameFlags & 0x01 != 0 { prefix += 4 }
        guard prefix <= data.count else {
          throw MediaError(at: data.startIndex, "\(id)'s flags announce \(prefix) more bytes than it holds")
        }
        data = data.dropFirst(prefix)
        if frameFlags & 0x02 != 0 || unsynchronised { data = resynchronise(data)[...] }
      } else if frameFlags & 0x20 != 0 {
        guard !data.isEmpty else { throw MediaError(at: data.startIndex, "\(id) lacks its group id") }
        data = data.dropFirst()
      }
      tag.frames.append(ID3Frame(id: id, content: content(code: code, data)))
    }
    return tag
  }

  /// A frame's id as text: the ids ad tracking reads most are constants, the others are made
  /// from their bytes (A–Z and 0–9 only).
  private static func frameId(_ code: UInt32, _ bytes: ArraySlice<UInt8>) -> String {
    switch code {
    case 0x5458_5858: "TXXX"
    case 0x5052_4956: "PRIV"
    case 0x594D_4944: "YMID"
    case 0x5449_5432: "TIT2"
    case 0x5758_5858: "WXXX"
    case 0x4745_4F42: "GEOB"
    default: bytes.utf8Text
    }
  }

  /// Why a frame with these flags is not decoded (compressed or encrypted), or nil.
  private static func unreadable(_ flags: UInt16, version: UInt8) -> String? {
    let compressed = version == 3 ? flags & 0x80 != 0 : flags & 0x08 != 0
    let encrypted = version == 3 ? flags & 0x40 != 0 : flags & 0x04 != 0
    if compressed { return "compressed frames are not decoded" }
    if encrypted { return "encrypted frames are not decoded" }
    return nil
  }

  /// A 28-bit syncsafe number (4 bytes of 7 bits each).
  static func syncsafe(_ reader: inout ByteReader, _ field: @autoclosure () -> String) throws(MediaError)
    -> Int
  {
    let at = reader.position
    let raw = try reader.u32(field())
    guard raw & 0x8080_8080 == 0 else {
      throw MediaError(at: at, "\(field()) is not syncsafe (a byte has its top bit set)")
    }
    let value = raw & 0x7F | (raw >> 8 & 0x7F) << 7 | (raw >> 16 & 0x7F) << 14 | (raw >> 24 & 0x7F) << 21
    return Int(truncatingIfNeeded: value)
  }

  /// Undoes unsynchronisation: every `FF 00` becomes `FF`.
  static func resynchronise(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var previous: UInt8 = 0
    for byte in bytes {
      if !(previous == 0xFF && byte == 0) { out.append(byte) }
      previous = byte
    }
    return out
  }
}

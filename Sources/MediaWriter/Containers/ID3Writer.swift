/// Writes ID3v2.3 and v2.4 tags for tests: text, `TXXX`, `PRIV` and `GEOB` frames, optionally
/// unsynchronised and with an extended header.
public struct ID3Writer {
  /// The major version, 3 or 4.
  public var version: UInt8
  /// Unsynchronise the tag (v2.3: the whole body; v2.4: every frame, flagged).
  public var unsynchronise = false
  /// Write an extended header (empty: no CRC, no restrictions).
  public var extendedHeader = false
  private var frames: [(id: String, data: [UInt8])] = []

  /// A tag of `version`.
  public init(version: UInt8 = 4) { self.version = version }

  /// A text frame (`TIT2`, `YMID`-style ids, …) in UTF-8 (v2.4) or ISO-8859-1 (v2.3).
  public mutating func text(_ id: String, _ value: String) {
    frames.append((id, [encoding] + encode(value)))
  }

  /// A `TXXX` frame.
  public mutating func userText(description: String, _ value: String) {
    frames.append(("TXXX", [encoding] + encode(description) + [0] + encode(value)))
  }

  /// A `PRIV` frame.
  public mutating func priv(owner: String, _ data: [UInt8]) {
    frames.append(("PRIV", Array(owner.utf8) + [0] + data))
  }

  /// A `GEOB` frame.
  public mutating func object(mimeType: String, filename: String, description: String, _ data: [UInt8]) {
    frames.append(
      (
        "GEOB",
        [encoding] + Array(mimeType.utf8) + [0] + encode(filename) + [0] + encode(description) + [0] + data
      ))
  }

  /// A frame of any id with raw data.
  public mutating func raw(_ id: String, _ data: [UInt8]) { frames.append((id, data)) }

  /// The tag's bytes.
  public func bytes() -> [UInt8] {
    var body: [UInt8] = []
    if extendedHeader {
      // v2.3: size 6 (not counting itself), 2 flag bytes, 4 bytes of padding size; v2.4: syncsafe
      // size 6 (counting itself), 1 flag byte count, 1 flag byte.
      body += version == 3 ? [0, 0, 0, 6, 0, 0, 0, 0, 0, 0] : [0, 0, 0, 6, 1, 0]
    }
    for frame in frames {
      var data = frame.data
      var flags: UInt8 = 0
      if unsynchronise && version == 4 {
        data = Self.unsynchronised(data)
        flags = 0x02
      }
      body += Array(frame.id.utf8)
      body += version == 3 ? Self.plain(data.count) : Self.syncsafe(data.count)
      body += [0, flags] + data
    }
    if unsynchronise && version == 3 { body = Self.unsynchronised(body) }
    let flags: UInt8 = (unsynchronise ? 0x80 : 0) | (extendedHeader ? 0x40 : 0)
    return Array("ID3".utf8) + [version, 0, flags] + Self.syncsafe(body.count) + body
  }

  private var encoding: UInt8 { version == 4 ? 3 : 0 }

  private func encode(_ text: String) -> [UInt8] {
    version == 4 ? Array(text.utf8) : text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
  }

  /// A 0 after every 0xFF that is followed by 0 or by a byte ≥ 0xE0, or that ends the data.
  public static func unsynchronised(_ bytes: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    for (index, byte) in bytes.enumerated() {
      out.append(byte)
      if byte == 0xFF && (index + 1 == bytes.count || bytes[index + 1] == 0 || bytes[index + 1] >= 0xE0) {
        out.append(0)
      }
    }
    return out
  }

  static func syncsafe(_ value: Int) -> [UInt8] {
    [21, 14, 7, 0].map { UInt8(truncatingIfNeeded: value >> $0 & 0x7F) }
  }

  static func plain(_ value: Int) -> [UInt8] {
    [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
  }
}

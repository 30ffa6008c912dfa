extension ID3Reader {
  /// The fields of the frame whose id is `code` (its four bytes as one big-endian number), from its
  /// (resynchronised) data.
  static func content(code: UInt32, _ data: ArraySlice<UInt8>) -> ID3Frame.Content {
    var reader = ByteReader(data)
    let first = code >> 24
    switch code {
    case userText, userURL:
      guard let encoding = try? reader.u8("the text encoding") else { return .binary(Array(data)) }
      let description = decodeString(&reader, encoding: encoding)
      if code == userText {
        // The first value; any after it are not kept.
        let text = reader.remaining > 0 ? decodeString(&reader, encoding: encoding) : ""
        return .userText(description: description, text: text)
      }
      return .userURL(description: description, url: latin1(reader.nullTerminated()))
    case privateFrame:
      let owner = latin1(reader.nullTerminated())
      return .priv(owner: owner, data: Array(reader.rest()))
    case object:
      guard let encoding = try? reader.u8("the text encoding") else { return .binary(Array(data)) }
      let mimeType = latin1(reader.nullTerminated())
      let filename = decodeString(&reader, encoding: encoding)
      let description = decodeString(&reader, encoding: encoding)
      return .object(
        mimeType: mimeType, filename: filename, description: description, data: Array(reader.rest()))
    case _ where first == 0x54 || first == 0x59:
      // T…, and Y…: Yospace's YMID, YSEQ, YTYP, YDUR, which are laid out as text frames.
      guard let encoding = try? reader.u8("the text encoding") else { return .text([]) }
      return .text(values(&reader, encoding))
    case _ where first == 0x57:
      return .url(latin1(reader.nullTerminated()))
    default:
      return .binary(Array(data))
    }
  }

  private static var userText: UInt32 { 0x5458_5858 }  // TXXX
  private static var userURL: UInt32 { 0x5758_5858 }  // WXXX
  private static var privateFrame: UInt32 { 0x5052_4956 }  // PRIV
  private static var object: UInt32 { 0x4745_4F42 }  // GEOB

  /// The 0-separated strings left in `reader`, a last empty one (a terminator) dropped.
  private static func values(_ reader: inout ByteReader, _ encoding: UInt8) -> [String] {
    var result: [String] = []
    while reader.remaining > 0 { result.append(decodeString(&reader, encoding: encoding)) }
    return result
  }

  /// One string in `encoding` (0 ISO-8859-1, 1 UTF-16 with a BOM, 2 UTF-16BE, 3 UTF-8) up to its
  /// terminator (one 0 byte, two for UTF-16) or the end.
  static func decodeString(_ reader: inout ByteReader, encoding: UInt8) -> String {
    switch encoding {
    case 1, 2:
      let bytes = reader.bytes
      var end = reader.position
      while end + 1 < bytes.endIndex && !(bytes[end] == 0 && bytes[end + 1] == 0) { end += 2 }
      let units = bytes[reader.position..<min(end, bytes.endIndex)]
      _ = try? reader.skip(min(end + 2, bytes.endIndex) - reader.position, "")
      return utf16(units, bigEndianDefault: true)
    case 3: return reader.nullTerminated().utf8Text
    default: return latin1(reader.nullTerminated())
    }
  }

  static func latin1(_ bytes: ArraySlice<UInt8>) -> String {
    String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
  }

  /// UTF-16 code units (a leading byte order mark decides the order); a trailing odd byte is dropped.
  private static func utf16(_ bytes: ArraySlice<UInt8>, bigEndianDefault: Bool) -> String {
    var bigEndian = bigEndianDefault
    var start = bytes.startIndex
    if bytes.count >= 2 {
      let first = bytes[start]
      let second = bytes[start + 1]
      if first == 0xFE && second == 0xFF { (bigEndian, start) = (true, start + 2) }
      if first == 0xFF && second == 0xFE { (bigEndian, start) = (false, start + 2) }
    }
    var units: [UInt16] = []
    var index = start
    while index + 1 < bytes.endIndex {
      let high = UInt16(truncatingIfNeeded: bytes[index])
      let low = UInt16(truncatingIfNeeded: bytes[index + 1])
      units.append(bigEndian ? high << 8 | low : low << 8 | high)
      index += 2
    }
    return String(decoding: units, as: UTF16.self)
  }
}

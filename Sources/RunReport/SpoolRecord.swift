import PlayerSeam

/// A report entry as bytes for `ReportSpool`: lengths and raw UTF-8, no escaping, so writing
/// one is little more than copying its texts (the plugin's call that logged it pays for it).
/// `[UInt32 length][Int64 micros][Float64 content time][kind][ad id?][break offset?]
/// [UInt32 field count]{[key][value]}`; a text is `[UInt32 byte count][UTF-8]`, a value a tag
/// (null, false, true, number, string, JSON text of an array or object) and its payload.
enum SpoolRecord {
  private enum Tag: UInt8 {
    case null, no, yes, number, string, json, absent, present
  }

  /// Appends the record of `item` to `bytes`.
  static func write(_ item: ReportEntry, to bytes: inout [UInt8]) {
    let start = bytes.count
    append(UInt32.zero, to: &bytes)
    let entry = item.entry
    append(UInt64(bitPattern: entry.micros), to: &bytes)
    append(item.contentTime.bitPattern, to: &bytes)
    text(entry.kind.rawValue, to: &bytes)
    if let adId = entry.adId {
      bytes.append(Tag.present.rawValue)
      text(adId, to: &bytes)
    } else {
      bytes.append(Tag.absent.rawValue)
    }
    if let offset = entry.adBreakTimeOffset {
      bytes.append(Tag.present.rawValue)
      append(offset.bitPattern, to: &bytes)
    } else {
      bytes.append(Tag.absent.rawValue)
    }
    append(UInt32(truncatingIfNeeded: entry.fields.members.count), to: &bytes)
    for member in entry.fields {
      text(member.key, to: &bytes)
      value(member.value, to: &bytes)
    }
    let length = UInt32(truncatingIfNeeded: bytes.count - start)
    withUnsafeBytes(of: length.littleEndian) { header in
      for (offset, byte) in header.enumerated() { bytes[start + offset] = byte }
    }
  }

  /// The length of the record at `offset`, if its header is there.
  static func length(_ bytes: [UInt8], at offset: Int) -> Int? {
    guard offset + 4 <= bytes.count else { return nil }
    var reader = Reader(bytes: bytes, offset: offset)
    return reader.integer(UInt32.self).map { Int(truncatingIfNeeded: $0) }
  }

  /// The entry of the record at `offset` (nil for bytes that are not one).
  static func read(_ bytes: [UInt8], at offset: Int) -> ReportEntry? {
    var reader = Reader(bytes: bytes, offset: offset + 4)
    guard let micros = reader.integer(UInt64.self), let content = reader.integer(UInt64.self),
      let kind = reader.text().flatMap(LogKind.init(rawValue:)), let adTag = reader.byte()
    else { return nil }
    let adId = adTag == Tag.present.rawValue ? reader.text() : nil
    guard let offsetTag = reader.byte() else { return nil }
    let breakOffset =
      offsetTag == Tag.present.rawValue ? reader.integer(UInt64.self).map(Double.init(bitPattern:)) : nil
    guard let count = reader.integer(UInt32.self) else { return nil }
    var members: [(key: String, value: JSONValue)] = []
    for _ in 0..<count {
      guard let key = reader.text(), let value = reader.value() else { return nil }
      members.append((key, value))
    }
    let entry = LogEntry(
      micros: Int64(bitPattern: micros), kind: kind, adId: adId, adBreakTimeOffset: breakOffset,
      fields: JSONObject(members))
    return ReportEntry(entry, contentTime: Double(bitPattern: content))
  }

  private static func append<Integer: FixedWidthInteger>(_ value: Integer, to bytes: inout [UInt8]) {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }

  private static func text(_ text: String, to bytes: inout [UInt8]) {
    append(UInt32(truncatingIfNeeded: text.utf8.count), to: &bytes)
    bytes.append(contentsOf: text.utf8)
  }

  private static func value(_ value: JSONValue, to bytes: inout [UInt8]) {
    switch value {
    case .null: bytes.append(Tag.null.rawValue)
    case .bool(let flag): bytes.append(flag ? Tag.yes.rawValue : Tag.no.rawValue)
    case .number(let number):
      bytes.append(Tag.number.rawValue)
      append(number.bitPattern, to: &bytes)
    case .string(let string):
      bytes.append(Tag.string.rawValue)
      text(string, to: &bytes)
    case .array, .object:
      bytes.append(Tag.json.rawValue)
      text(value.jsonText, to: &bytes)
    }
  }

  /// Reads a record's parts in order; nil past its end.
  private struct Reader {
    let bytes: [UInt8]
    var offset: Int

    mutating func byte() -> UInt8? {
      guard offset < bytes.count else { return nil }
      defer { offset += 1 }
      return bytes[offset]
    }

    mutating func integer<Integer: FixedWidthInteger>(_: Integer.Type) -> Integer? {
      let size = MemoryLayout<Integer>.size
      guard offset + size <= bytes.count else { return nil }
      var value: Integer = 0
      for index in 0..<size { value |= Integer(bytes[offset + index]) << (8 * index) }
      offset += size
      return value
    }

    mutating func text() -> String? {
      guard let size = integer(UInt32.self) else { return nil }
      let count = Int(truncatingIfNeeded: size)
      guard offset + count <= bytes.count else { return nil }
      defer { offset += count }
      return String(decoding: bytes[offset..<(offset + count)], as: UTF8.self)
    }

    mutating func value() -> JSONValue? {
      guard let tag = byte().flatMap(Tag.init(rawValue:)) else { return nil }
      switch tag {
      case .null: return .null
      case .no: return .bool(false)
      case .yes: return .bool(true)
      case .number: return integer(UInt64.self).map { .number(Double(bitPattern: $0)) }
      case .string: return text().map { .string($0) }
      case .json: return text().map { (try? JSONValue.parse($0)) ?? .string($0) }
      case .absent, .present: return nil
      }
    }
  }
}

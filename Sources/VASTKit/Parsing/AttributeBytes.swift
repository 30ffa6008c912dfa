import CLibXML2

/// The known attributes of the open element, their values copied out of libxml2's buffers as
/// bytes and made a `String` only when read. Reading through the list touches no reference
/// count, and a value never read (most of them, on most elements) costs one copy, where a list
/// of strings cost an allocation for each long value and a retain and release per entry
/// visited on every lookup. Both buffers are emptied by resetting their counts: the arrays'
/// own `removeAll(keepingCapacity:)` cost more than the copies.
///
/// A name is found by its one-byte tag in a table of 256 slots, each holding the stamp of the
/// list it was added to (above its low byte) and its entry's index: one load and one test a
/// lookup, where walking the entries mispredicted a branch at each name passed, and a `<MediaFile>`
/// looks up fourteen. Emptying the list moves the stamp on instead of clearing the table.
struct AttributeBytes<Name: Equatable & BitwiseCopyable> {
  private typealias Entry = (start: Int, end: Int)
  private let bytes = ScratchBuffer<UInt8>(capacity: 512)
  private var used = 0
  private let entries = ScratchBuffer<Entry>(capacity: 16)
  private var count = 0
  private let slots: ScratchBuffer<UInt32>
  /// The current list's stamp (24 bits; never 0, which the table starts with).
  private var stamp: UInt32 = 1

  init() {
    precondition(MemoryLayout<Name>.size == 1, "an attribute name is found by its one-byte tag")
    slots = ScratchBuffer<UInt32>(capacity: 256)
    slots.base.initialize(repeating: 0, count: 256)
  }

  var isEmpty: Bool { count == 0 }

  mutating func removeAll() {
    used = 0
    count = 0
    stamp &+= 1
    if stamp == 1 << 24 {
      // Once in 16 million lists: no slot may keep a stamp that comes round again.
      slots.base.update(repeating: 0, count: 256)
      stamp = 1
    }
  }

  /// The slot of `name` in the table.
  @inline(__always) private static func slot(_ name: Name) -> Int {
    Int(truncatingIfNeeded: withUnsafeBytes(of: name) { $0.load(as: UInt8.self) })
  }

  /// Adds `name` with the value libxml2 gives from `start` up to `end` (not included). A name
  /// already in the list (two prefixes on one local name) keeps its first value, the one read.
  @inline(__always)
  mutating func append(_ name: Name, _ start: UnsafePointer<xmlChar>, _ end: UnsafePointer<xmlChar>) {
    let length = end - start
    let slot = Self.slot(name)
    guard length >= 0, slots.base[slot] >> 8 != stamp else { return }
    bytes.reserve(used + length, keeping: used)
    (bytes.base + used).update(from: start, count: length)
    entries.reserve(count + 1, keeping: count)
    (entries.base + count).initialize(to: (used, used + length))
    // At most one entry a name, so fewer than 256: the index fits the slot's low byte.
    slots.base[slot] = stamp << 8 | UInt32(truncatingIfNeeded: count)
    used += length
    count += 1
  }

  /// The value of the first attribute `name`, or nil.
  func value(_ name: Name) -> String? {
    withValue(name) { String(decoding: $0, as: UTF8.self) }
  }

  /// The value of the first attribute `name` without surrounding spaces, tabs and line breaks,
  /// as `String.trimmingWhitespace()` gives it, or nil. Plain ASCII is trimmed as bytes before
  /// the `String` is made; text where bytes might join into one `Character` that is not white
  /// space (a CR LF pair, a combining mark after a space) is left to `trimmingWhitespace()`.
  func trimmedValue(_ name: Name) -> String? {
    withValue(name) { buffer in
      var start = 0
      var end = buffer.count
      while start < end && Self.isSpace(buffer[start]) { start += 1 }
      while end > start && Self.isSpace(buffer[end - 1]) { end -= 1 }
      if start == 0 && end == buffer.count { return String(decoding: buffer, as: UTF8.self) }
      if buffer.contains(where: { $0 >= 0x80 || $0 == 0x0D }) {
        return String(decoding: buffer, as: UTF8.self).trimmingWhitespace()
      }
      return String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self)
    }
  }

  /// The value of the first attribute `name`, spaces, tabs and line breaks around it left out,
  /// as `known` answers it for those bytes (a literal of `KnownValues`): `.other` when it
  /// answers nil, which the caller reads with `trimmedValue` as before.
  func knownValue(_ name: Name, _ known: (UnsafeBufferPointer<UInt8>) -> String?) -> PlainValue<String> {
    withValue(name) { buffer -> PlainValue<String> in
      var start = 0
      var end = buffer.count
      while start < end && Self.isSpace(buffer[start]) { start += 1 }
      while end > start && Self.isSpace(buffer[end - 1]) { end -= 1 }
      return known(UnsafeBufferPointer(rebasing: buffer[start..<end])).map { .value($0) } ?? .other
    } ?? .absent
  }

  /// The value of the first attribute `name` as `known` answers it for its exact bytes: `.other`
  /// when it answers nil.
  func exactValue(_ name: Name, _ known: (UnsafeBufferPointer<UInt8>) -> String?) -> PlainValue<String> {
    withValue(name) { known($0).map { .value($0) } ?? .other } ?? .absent
  }

  @inline(__always) static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }

  /// `body` on the bytes of the first attribute `name`'s value, or nil when it is absent.
  @inline(__always)
  func withValue<Result>(_ name: Name, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
    let slot = slots.base[Self.slot(name)]
    guard slot >> 8 == stamp else { return nil }
    let entry = entries.base[Int(truncatingIfNeeded: slot & 0xFF)]
    return body(UnsafeBufferPointer(start: bytes.base + entry.start, count: entry.end - entry.start))
  }

  /// The value of attribute `name` read as a whole number when it is plain decimal digits (at
  /// most 18, so no overflow), what `Int(String)` answers for such text; `.absent` without the
  /// attribute, and `.other` for anything else (signs, spaces, letters), which the caller reads
  /// from a `String` as before.
  func plainInteger(_ name: Name) -> PlainValue<Int> {
    withValue(name) { buffer -> PlainValue<Int> in
      guard !buffer.isEmpty, buffer.count <= 18 else { return .other }
      var number = 0
      for byte in buffer {
        guard byte >= 0x30 && byte <= 0x39 else { return .other }
        number = number &* 10 &+ Int(truncatingIfNeeded: byte &- 0x30)
      }
      return .value(number)
    } ?? .absent
  }

  /// The value of attribute `name` read as a boolean when it is written as `true`, `1`, `TRUE`,
  /// `True`, `false`, `0`, `FALSE` or `False`; `.absent` or `.other` as `plainInteger`.
  func plainBool(_ name: Name) -> PlainValue<Bool> {
    withValue(name) { buffer -> PlainValue<Bool> in
      switch buffer.count {
      case 1:
        return buffer[0] == 0x31 ? .value(true) : buffer[0] == 0x30 ? .value(false) : .other
      case 4:
        return Self.equals(buffer, "true") || Self.equals(buffer, "TRUE") || Self.equals(buffer, "True")
          ? .value(true) : .other
      case 5:
        return Self.equals(buffer, "false") || Self.equals(buffer, "FALSE") || Self.equals(buffer, "False")
          ? .value(false) : .other
      default: return .other
      }
    } ?? .absent
  }

  @inline(__always) private static func equals(_ buffer: UnsafeBufferPointer<UInt8>, _ text: StaticString)
    -> Bool
  {
    text.withUTF8Buffer { $0.elementsEqual(buffer) }
  }
}

/// An attribute read straight from its bytes: its value, absent, or written some other way.
enum PlainValue<Value> {
  case absent
  case value(Value)
  case other
}

import Foundation

/// A run of a playlist's bytes (a line, a tag's name or value), read in place: the reader walks
/// the document's buffer without a `String` of it, and makes text only of what the model keeps
/// or an error quotes. Every index is checked against the run's own count; a run never outlives
/// the buffer it views (the parse runs inside `Data.withUnsafeBytes` or `String.withUTF8`).
struct HLSBytes {
  let buffer: UnsafeRawBufferPointer

  init(_ buffer: UnsafeRawBufferPointer) { self.buffer = buffer }

  var count: Int { buffer.count }
  var isEmpty: Bool { buffer.isEmpty }

  subscript(index: Int) -> UInt8 {
    precondition(index >= 0 && index < buffer.count, "a byte outside the run")
    return buffer[index]
  }

  /// The bytes from `start` up to `end`.
  @inline(__always)
  func slice(_ start: Int, _ end: Int) -> HLSBytes {
    precondition(start >= 0 && start <= end && end <= buffer.count, "a slice outside the run")
    return HLSBytes(UnsafeRawBufferPointer(rebasing: buffer[start..<end]))
  }

  /// The bytes from `start` to the end.
  @inline(__always)
  func dropFirst(_ start: Int) -> HLSBytes { slice(start, count) }

  /// The index of the first `byte` at or after `start`, found with `memchr`.
  @inline(__always)
  func firstIndex(of byte: UInt8, from start: Int = 0) -> Int? {
    guard start < buffer.count, let base = buffer.baseAddress,
      let hit = memchr(base + start, Int32(truncatingIfNeeded: byte), buffer.count - start)
    else { return nil }
    return base.distance(to: UnsafeRawPointer(hit))
  }

  /// Whether the bytes are `literal`'s.
  func equals(_ literal: StaticString) -> Bool {
    count == literal.utf8CodeUnitCount && starts(with: literal)
  }

  /// Whether `other` has the same bytes: from 8 to 16 of them as two words each (the first
  /// eight and the last eight), others with `memcmp`.
  @inline(__always)
  func sameBytes(as other: HLSBytes) -> Bool {
    let count = buffer.count
    guard count == other.count, let base = buffer.baseAddress, let otherBase = other.buffer.baseAddress
    else { return count == other.count }
    guard count >= 8, count <= 16 else { return memcmp(base, otherBase, count) == 0 }
    // Both words of each run lie inside it.
    return base.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
      == otherBase.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
      && base.loadUnaligned(as: UInt64.self) == otherBase.loadUnaligned(as: UInt64.self)
  }

  /// Whether the bytes start with `literal`'s.
  func starts(with literal: StaticString) -> Bool {
    let length = literal.utf8CodeUnitCount
    guard length <= buffer.count, let base = buffer.baseAddress else { return length == 0 }
    return memcmp(base, literal.utf8Start, length) == 0
  }

  /// Whether `text` ends with these bytes.
  func isSuffix(of text: String) -> Bool {
    var text = text
    return text.withUTF8 { own in
      guard own.count >= count, let end = own.baseAddress.map({ $0 + own.count }) else { return isEmpty }
      guard let base = buffer.baseAddress else { return true }
      return memcmp(end - count, base, count) == 0
    }
  }

  /// `prefix` followed by these bytes, which must be UTF-8, as one `String` (one allocation).
  func appended(to prefix: String) -> String {
    var prefix = prefix
    return prefix.withUTF8 { head in
      String(unsafeUninitializedCapacity: head.count + buffer.count) { out in
        let raw = UnsafeMutableRawBufferPointer(out)
        raw.copyMemory(from: UnsafeRawBufferPointer(head))
        UnsafeMutableRawBufferPointer(rebasing: raw[head.count...]).copyMemory(from: buffer)
        return head.count + buffer.count
      }
    }
  }

  /// Whether every byte is ASCII, read 32 at a time (four words or'd, one test a round: the
  /// check of a 1.2 MB playlist was 6 % of reading it eight bytes a round).
  var isASCII: Bool {
    guard let base = buffer.baseAddress else { return true }
    let count = buffer.count
    var index = 0
    var high: UInt64 = 0
    while index + 32 <= count {
      high |=
        base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
        | base.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self)
        | base.loadUnaligned(fromByteOffset: index + 16, as: UInt64.self)
        | base.loadUnaligned(fromByteOffset: index + 24, as: UInt64.self)
      index += 32
    }
    while index < count {
      high |= UInt64(truncatingIfNeeded: base.load(fromByteOffset: index, as: UInt8.self))
      index += 1
    }
    return high & 0x8080_8080_8080_8080 == 0
  }

  /// The offset of the first byte at or after `start` that is not ASCII, or `count`: eight bytes
  /// a round.
  func firstNonASCII(from start: Int) -> Int {
    guard let base = buffer.baseAddress else { return count }
    let count = buffer.count
    var index = max(start, 0)
    while index + 8 <= count {
      let high =
        UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
        & 0x8080_8080_8080_8080
      if high != 0 { return index + high.trailingZeroBitCount / 8 }
      index += 8
    }
    while index < count, base.load(fromByteOffset: index, as: UInt8.self) < 0x80 { index += 1 }
    return index
  }

  /// Whether `literal`'s bytes are among these, anywhere: each place of its first byte found with
  /// `memchr`.
  func contains(_ literal: StaticString) -> Bool {
    var from = 0
    while let hash = firstIndex(of: literal.utf8Start.pointee, from: from) {
      if dropFirst(hash).starts(with: literal) { return true }
      from = hash + 1
    }
    return false
  }

  /// Whether the first and last bytes are visible ASCII (so there is nothing to trim).
  var hasVisibleASCIIEnds: Bool {
    guard let first = buffer.first, let last = buffer.last else { return false }
    return first >= 0x21 && first <= 0x7E && last >= 0x21 && last <= 0x7E
  }

  /// The bytes as text (UTF-8; the document was checked to be).
  var text: String { String(decoding: buffer, as: UTF8.self) }

  /// The bytes as a `Substring`, for the general reader.
  var substring: Substring { Substring(text) }
}

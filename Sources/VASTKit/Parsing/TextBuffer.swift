/// The character data of the open text element, as bytes. Emptied by resetting its count, and
/// grown by hand: `Array.removeAll(keepingCapacity:)` and `append(contentsOf:)` cost several
/// times the copy itself on the short texts elements carry.
struct TextBuffer {
  private let bytes = ScratchBuffer<UInt8>(capacity: 512)
  private(set) var count = 0

  var isEmpty: Bool { count == 0 }

  mutating func removeAll() { count = 0 }

  /// Adds `length` bytes from `start`.
  @inline(__always)
  mutating func append(_ start: UnsafePointer<UInt8>, _ length: Int) {
    guard length > 0 else { return }
    bytes.reserve(count + length, keeping: count)
    (bytes.base + count).update(from: start, count: length)
    count += length
  }

  /// The text without surrounding spaces, tabs and line breaks (trimmed as bytes).
  func trimmedString() -> String {
    let buffer = UnsafeBufferPointer(start: bytes.base, count: count)
    var start = 0
    var end = count
    while start < end && Self.isSpace(buffer[start]) { start += 1 }
    while end > start && Self.isSpace(buffer[end - 1]) { end -= 1 }
    return String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self)
  }

  @inline(__always) private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }
}

import CLibXML2

/// The known attributes of the open element, their values copied out of libxml2's buffers as
/// bytes and made a `String` only when read. Reading through the list touches no reference
/// count, and a value never read (most of them, on most elements) costs one copy, where a list
/// of strings cost an allocation for each long value and a retain and release per entry
/// visited on every lookup. Both buffers are emptied by resetting their counts: the arrays'
/// own `removeAll(keepingCapacity:)` cost more than the copies.
struct AttributeBytes<Name: Equatable> {
  private var bytes = [UInt8](repeating: 0, count: 512)
  private var used = 0
  private var entries: [(name: Name, start: Int, end: Int)] = []
  private var count = 0

  init() { entries.reserveCapacity(16) }

  var isEmpty: Bool { count == 0 }

  mutating func removeAll() {
    used = 0
    count = 0
  }

  /// Adds `name` with the value libxml2 gives from `start` up to `end` (not included).
  @inline(__always)
  mutating func append(_ name: Name, _ start: UnsafePointer<xmlChar>, _ end: UnsafePointer<xmlChar>) {
    let length = end - start
    if used + length > bytes.count {
      bytes.append(contentsOf: repeatElement(0, count: max(used + length - bytes.count, bytes.count)))
    }
    let from = used
    bytes.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress, length > 0 else { return }
      (base + from).update(from: start, count: length)
    }
    used += length
    let entry = (name: name, start: from, end: used)
    if count < entries.count { entries[count] = entry } else { entries.append(entry) }
    count += 1
  }

  /// The value of the first attribute `name`, or nil.
  func value(_ name: Name) -> String? {
    for index in 0..<count where entries[index].name == name {
      let entry = entries[index]
      return bytes.withUnsafeBufferPointer {
        String(decoding: UnsafeBufferPointer(rebasing: $0[entry.start..<entry.end]), as: UTF8.self)
      }
    }
    return nil
  }
}

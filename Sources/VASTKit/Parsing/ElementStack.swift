/// The names of the open elements (nil for names the parser ignores) on a `ScratchBuffer`: an
/// `Array`'s `append` and `popLast` checked uniqueness and capacity on every tag.
struct ElementStack {
  private let storage = ScratchBuffer<XMLName?>(capacity: 32)
  private(set) var count = 0

  @inline(__always)
  mutating func append(_ name: XMLName?) {
    storage.reserve(count + 1, keeping: count)
    (storage.base + count).initialize(to: name)
    count += 1
  }

  /// The innermost open element's name, removed; nil when none is open.
  @inline(__always)
  mutating func popLast() -> XMLName?? {
    guard count > 0 else { return nil }
    count -= 1
    return storage.base[count]
  }

  mutating func removeAll() { count = 0 }
}

/// Storage a builder reuses for every document: a heap block of trivial elements reached
/// through its pointer, with no uniqueness check or bounds check on each write as an `Array`'s
/// mutation makes (about a quarter of what copying a short attribute value or text cost).
/// The owner keeps the count; the buffer only grows.
final class ScratchBuffer<Element: BitwiseCopyable> {
  private(set) var base: UnsafeMutablePointer<Element>
  private(set) var capacity: Int

  init(capacity: Int) {
    self.capacity = max(capacity, 1)
    base = UnsafeMutablePointer<Element>.allocate(capacity: self.capacity)
  }

  deinit { base.deallocate() }

  /// Makes room for `needed` elements, keeping the first `kept`.
  @inline(__always)
  func reserve(_ needed: Int, keeping kept: Int) {
    if needed > capacity { grow(needed, keeping: kept) }
  }

  private func grow(_ needed: Int, keeping kept: Int) {
    let newCapacity = max(needed, capacity * 2)
    let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
    newBase.moveInitialize(from: base, count: kept)
    base.deallocate()
    base = newBase
    capacity = newCapacity
  }
}

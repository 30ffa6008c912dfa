import CLibXML2

/// The interned pointer of each name in one libxml2 dictionary, in a small open-addressing
/// table keyed by the pointer's bits (faster than hashing with `Hasher` on every element).
/// libxml2 interns every element and attribute name it reads in its parser's dictionary, so
/// after interning the names a builder acts on, a name is recognised by its pointer alone.
/// Valid for as long as the dictionary lives (the parser context's).
public struct InternedNames<Name: RawRepresentable & CaseIterable> where Name.RawValue == String {
  @usableFromInline static var size: Int { 1024 }
  @usableFromInline var keys = [UInt](repeating: 0, count: 1024)
  @usableFromInline var values = [Name?](repeating: nil, count: 1024)

  /// Interns every name in `dictionary` (a name whose raw value is empty stands for the names
  /// not acted on, and is not interned).
  public init(_ dictionary: OpaquePointer?) {
    guard dictionary != nil else { return }
    for name in Name.allCases where !name.rawValue.isEmpty {
      guard let pointer = xmlDictLookup(dictionary, name.rawValue, -1) else { continue }
      let key = UInt(bitPattern: pointer)
      var slot = Self.slot(key)
      while keys[slot] != 0 && keys[slot] != key { slot = (slot + 1) & (Self.size - 1) }
      keys[slot] = key
      values[slot] = name
    }
  }

  @inlinable @inline(__always) static func slot(_ key: UInt) -> Int {
    Int(truncatingIfNeeded: (key >> 3) ^ (key >> 13)) & (size - 1)
  }

  /// The name of an interned string, or nil for a name the parser ignores.
  @inlinable @inline(__always)
  public func name(_ pointer: UnsafePointer<xmlChar>?) -> Name? {
    guard let pointer else { return nil }
    let key = UInt(bitPattern: pointer)
    var slot = Self.slot(key)
    while true {
      let candidate = keys[slot]
      // A slot holding the name and an empty one (its value nil) end the search alike, in one
      // branch (`min` is 0 when either is: no short-circuit to compile into two), where testing
      // them apart mispredicted at each turn between known and unknown names.
      if min(candidate ^ key, candidate) == 0 { return values[slot] }
      slot = (slot + 1) & (Self.size - 1)
    }
  }
}

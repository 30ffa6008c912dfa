/// A table from names to values made once (a schema shape's children or attributes), found by
/// `NameIndex.hash` in open addressing: a lookup is a probe and a string comparison, where
/// a `Dictionary` hashed the whole name with `Hasher` on every element and attribute checked.
struct NameTable<Value: Sendable>: Sendable {
  private let names: [String?]
  private let values: [Value?]

  /// The table of `pairs`.
  init(_ pairs: [String: Value]) {
    var size = 8
    while size < pairs.count * 2 { size *= 2 }
    var names = [String?](repeating: nil, count: size)
    var values = [Value?](repeating: nil, count: size)
    for (name, value) in pairs {
      var slot = NameIndex.hash(name) & (size - 1)
      while names[slot] != nil { slot = (slot + 1) & (size - 1) }
      names[slot] = name
      values[slot] = value
    }
    self.names = names
    self.values = values
  }

  /// The value of `name`, whose `NameIndex.hash` is `hash`.
  func value(_ name: String, hash: Int) -> Value? {
    var slot = hash & (names.count - 1)
    while let found = names[slot] {
      if found == name { return values[slot] }
      slot = (slot + 1) & (names.count - 1)
    }
    return nil
  }
}

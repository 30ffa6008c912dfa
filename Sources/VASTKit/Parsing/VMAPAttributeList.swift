/// The attributes of the open element: a few, so a list searched in order beats hashing.
struct AttributeList {
  var pairs: [(name: String, value: String)] = []

  subscript(name: String) -> String? {
    for pair in pairs where pair.name == name { return pair.value }
    return nil
  }

  mutating func removeAll(keepingCapacity: Bool) { pairs.removeAll(keepingCapacity: keepingCapacity) }
}

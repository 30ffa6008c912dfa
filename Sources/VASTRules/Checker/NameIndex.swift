/// The elements of a tree by name, in document order: an open-addressing table keyed by a
/// cheap hash of the name's bytes (its length, first, middle and last bytes). The rules ask for
/// a list by name some 250 times a document; Swift's `Hasher` over the name cost more than most
/// of the rules that asked.
struct NameIndex {
  private var names: [String?]
  private var lists: [[CheckNode]]
  private var count = 0

  /// The index of `nodes`.
  init(_ nodes: ArraySlice<CheckNode>) {
    names = Array(repeating: nil, count: 64)
    lists = Array(repeating: [], count: 64)
    for node in nodes { add(node) }
  }

  /// The elements named `name`, in document order.
  func nodes(named name: String) -> [CheckNode] {
    var slot = Self.hash(name) & (names.count - 1)
    while let found = names[slot] {
      if found == name { return lists[slot] }
      slot = (slot + 1) & (names.count - 1)
    }
    return []
  }

  private mutating func add(_ node: CheckNode) {
    var slot = node.known.cheapHash & (names.count - 1)
    while let found = names[slot] {
      if found == node.name {
        lists[slot].append(node)
        return
      }
      slot = (slot + 1) & (names.count - 1)
    }
    names[slot] = node.name
    lists[slot] = [node]
    count += 1
    // At most half full, so that a search meets an empty slot soon.
    if count * 2 > names.count { grow() }
  }

  private mutating func grow() {
    let old = zip(names, lists)
    names = Array(repeating: nil, count: names.count * 2)
    lists = Array(repeating: [], count: names.count)
    for case (let name?, let list) in old {
      var slot = Self.hash(name) & (names.count - 1)
      while names[slot] != nil { slot = (slot + 1) & (names.count - 1) }
      names[slot] = name
      lists[slot] = list
    }
  }

  /// The cheap hash of a name.
  static func hash(_ name: String) -> Int {
    name.withUTF8Bytes { bytes in
      guard let first = bytes.first, let last = bytes.last else { return 0 }
      var hash = bytes.count
      hash = hash &* 31 &+ Int(truncatingIfNeeded: first)
      hash = hash &* 31 &+ Int(truncatingIfNeeded: bytes[bytes.count / 2])
      hash = hash &* 31 &+ Int(truncatingIfNeeded: last)
      return hash ^ (hash >> 7)
    }
  }
}

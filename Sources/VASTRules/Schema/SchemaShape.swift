/// What the VAST schemas allow inside one element: its child elements and attributes, each
/// with the schemas (by `VASTVersion.schemaColumn`) that allow it and those allowing it once.
/// A class: each node keeps its element's shape (`CheckNode.shape`), found once.
final class SchemaShape: Sendable {
  /// The schemas that allow a name, and those where it may appear at most once.
  struct Allowance: Sendable {
    /// The columns whose schema allows it, as bits (1 << column): no reference to count when
    /// a node keeps its allowance or a rule reads it.
    var versionBits: UInt8 = 0
    /// The columns whose schema allows it at most once, as bits.
    var onceBits: UInt8 = 0

    /// The columns whose schema allows it.
    var versions: Set<Int> { Set((0..<8).filter { allows($0) }) }
    /// Whether the schema of `column` allows it.
    func allows(_ column: Int) -> Bool { versionBits & (1 << column) != 0 }
    /// Whether the schema of `column` allows it at most once.
    func isOnce(_ column: Int) -> Bool { onceBits & (1 << column) != 0 }
  }

  let children: [String: Allowance]
  let attributes: [String: Allowance]
  /// `children` and `attributes` for the rules' lookups (`NameTable`).
  let childTable: NameTable<Allowance>
  let attributeTable: NameTable<Allowance>
  /// Any content allowed (`Extension`).
  let open: Bool

  private init(_ entry: Entry) {
    children = entry.children
    attributes = entry.attributes
    childTable = NameTable(entry.children)
    attributeTable = NameTable(entry.attributes)
    open = entry.open
  }

  /// A shape as the tables' text is read.
  private struct Entry {
    var children: [String: Allowance] = [:]
    var attributes: [String: Allowance] = [:]
    var open = false
  }

  /// Every element's shape, keyed as `SchemaTable` keys them.
  static let all: [String: SchemaShape] = parse(SchemaTable.text + "\n" + SchemaTable44.text)
  /// Every element name any schema knows.
  static let knownNames: Set<String> = Set(all.keys.map(baseName))

  /// The shape of `node`'s element, if the schemas know it there: keyed by its name, prefixed
  /// by the `InLine`/`Wrapper` it is in (`KnownName.shapes`).
  static func of(_ node: CheckNode) -> SchemaShape? { node.shape }

  /// The schema versions' names, by column.
  static let versionNames = ["2.0", "3.0", "4.0", "4.1", "4.2", "4.4"]

  /// `2.0–3.0`, `4.2`: the schema versions in `columns`, as ranges.
  static func describe(_ columns: Set<Int>) -> String {
    let sorted = columns.sorted()
    guard let first = sorted.first, let last = sorted.last else { return "no version" }
    if sorted.count == last - first + 1 {
      return first == last ? versionNames[first] : versionNames[first] + "–" + versionNames[last]
    }
    return sorted.map { versionNames[$0] }.joined(separator: ", ")
  }

  private static func baseName(_ key: String) -> String {
    key.split(separator: ":").last.map(String.init) ?? key
  }

  private static func parse(_ text: String) -> [String: SchemaShape] {
    var shapes: [String: Entry] = [:]
    var key = ""
    for line in text.split(separator: "\n") {
      var words = line.split(separator: " ").map(String.init)
      if !line.hasPrefix(" "), let first = words.first {
        key = first
        words.removeFirst()
        shapes[key] = shapes[key] ?? Entry()
      }
      for word in words {
        if word == "*" {
          shapes[key]?.open = true
          continue
        }
        guard let colon = word.lastIndex(of: ":") else { continue }
        var allowance = Allowance()
        for letter in word[word.index(after: colon)...] {
          guard let column = "abcdef".firstIndex(of: Character(letter.lowercased())) else { continue }
          let index = "abcdef".distance(from: "abcdef".startIndex, to: column)
          // The 4.4 draft is read as 4.2's content model plus its CTV additions (SchemaTable44).
          for found in index == 4 ? [4, 5] : [index] {
            allowance.versionBits |= 1 << found
            if letter.isUppercase { allowance.onceBits |= 1 << found }
          }
        }
        let name = String(word[..<colon])
        if name.hasPrefix("@") {
          shapes[key]?.attributes[String(name.dropFirst())] = allowance
        } else {
          shapes[key]?.children[name] = allowance
        }
      }
    }
    return shapes.mapValues(SchemaShape.init)
  }
}

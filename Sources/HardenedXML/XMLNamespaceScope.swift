import CLibXML2

/// The namespace declarations in scope at the open element, kept while a SAX parse walks the
/// document, so that XML cut out of it can be handed out (or parsed) on its own: `inherited`
/// answers the declarations to put on a cut-out element, `XMLNamespaceScope.splice` puts them there.
public struct XMLNamespaceScope {
  @usableFromInline var entries: [(depth: Int, prefix: String, uri: String)] = []

  /// An empty scope.
  public init() {}

  /// Records the `count` declarations libxml2 reports on a start tag (prefix and URI pairs) for
  /// the element at `depth` (the root is 1).
  public mutating func enter(
    depth: Int, _ count: Int32, _ declarations: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
  ) {
    guard let declarations, count > 0 else { return }
    for index in 0..<Int(count) {
      let prefix = declarations[2 * index].map { String(cString: $0) } ?? ""
      entries.append((depth, prefix, declarations[2 * index + 1].map { String(cString: $0) } ?? ""))
    }
  }

  /// Forgets every declaration, keeping the storage for the next document.
  public mutating func removeAll() { entries.removeAll(keepingCapacity: true) }

  /// Forgets the declarations of the element at `depth`, which has ended (and any deeper).
  /// Inlinable: it runs at every end tag, and most of them leave nothing.
  @inlinable
  public mutating func leave(depth: Int) {
    while let last = entries.last, last.depth >= depth { entries.removeLast() }
  }

  /// Records `declarations` (prefix and URI pairs, in order) for the element at `depth`, as if
  /// its start tag carried them first.
  public mutating func enter(depth: Int, _ declarations: [(prefix: String, uri: String)]) {
    for declaration in declarations { entries.append((depth, declaration.prefix, declaration.uri)) }
  }

  /// The declarations its ancestors make to the element at `depth` (prefix and URI pairs),
  /// innermost first and each in its start tag's order; prefixes the element declares itself
  /// are left out (declaring one twice is an error).
  public func inheritedDeclarations(at depth: Int) -> [(prefix: String, uri: String)] {
    // Entries are in depth order: none above `depth` (the common case inside VAST) is nothing.
    guard let first = entries.first, first.depth < depth else { return [] }
    // A handful of prefixes at most: a list searched in order beats hashing them.
    var seen = entries.filter { $0.depth == depth }.map(\.prefix)
    var result: [(prefix: String, uri: String)] = []
    var end = entries.endIndex
    while end > entries.startIndex {
      let level = entries[end - 1].depth
      var start = end - 1
      while start > entries.startIndex && entries[start - 1].depth == level { start -= 1 }
      if level < depth {
        for entry in entries[start..<end] where !seen.contains(entry.prefix) {
          seen.append(entry.prefix)
          result.append((entry.prefix, entry.uri))
        }
      }
      end = start
    }
    return result
  }

  /// ` xmlns:p="uri"` (` xmlns="uri"` for the default) for each of `inheritedDeclarations(at:)`,
  /// to put on a cut-out element's start tag.
  public func inherited(at depth: Int) -> String {
    var result = ""
    for (prefix, uri) in inheritedDeclarations(at: depth) {
      let escaped = XMLText.escapedForAttribute(uri)
      result += prefix.isEmpty ? " xmlns=\"\(escaped)\"" : " xmlns:\(prefix)=\"\(escaped)\""
    }
    return result
  }

  /// `element` (the bytes of one element, its start tag first) with `declarations` added to its
  /// start tag, after the name.
  public static func splice(_ declarations: String, into element: [UInt8]) -> [UInt8] {
    guard !declarations.isEmpty else { return element }
    var result = element
    if let nameEnd = result.firstIndex(where: {
      $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0x3E || $0 == 0x2F
    }) {
      result.insert(contentsOf: Array(declarations.utf8), at: nameEnd)
    }
    return result
  }
}

/// Text as XML wants it.
public enum XMLText {
  /// `text` as an attribute value in double quotes (`&`, `"` and `<` escaped).
  public static func escapedForAttribute(_ text: String) -> String {
    let special: (UInt8) -> Bool = { $0 == 0x26 || $0 == 0x22 || $0 == 0x3C }
    let needsEscaping =
      text.utf8.withContiguousStorageIfAvailable { $0.contains(where: special) }
      ?? text.utf8.contains(where: special)
    guard needsEscaping else { return text }
    var result = ""
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "\"": result += "&quot;"
      case "<": result += "&lt;"
      default: result.append(character)
      }
    }
    return result
  }
}

import CLibXML2

/// The namespace declarations in scope at the open element, kept while a SAX parse walks the
/// document, so that XML cut out of it can be handed out (or parsed) on its own: `inherited`
/// answers the declarations to put on a cut-out element, `XMLNamespaceScope.spliced` puts them there.
///
/// Declarations are kept as the pointers libxml2 hands the start-element callback (prefix and
/// URI, interned in the parser's dictionary): recording one makes no `String`. They are valid
/// while that parse runs; `removeAll()` before the next document.
public struct XMLNamespaceScope {
  /// A declaration: its prefix (nil for the default namespace) and URI, as libxml2 gives them.
  public typealias Declaration = (prefix: UnsafePointer<xmlChar>?, uri: UnsafePointer<xmlChar>?)

  @usableFromInline var entries:
    [(depth: Int, prefix: UnsafePointer<xmlChar>?, uri: UnsafePointer<xmlChar>?)] =
      []
  /// The last text `inherited` built, and the declarations it is for, by content (prefix, 0,
  /// URI, 0 for each): documents of one server cut out elements under the same declarations,
  /// and comparing a few bytes costs far less than building and escaping the text again.
  private var cachedText = ""
  private var cachedKey: [UInt8] = []

  /// An empty scope.
  public init() {}

  /// Records the `count` declarations libxml2 reports on a start tag (prefix and URI pairs) for
  /// the element at `depth` (the root is 1).
  public mutating func enter(
    depth: Int, _ count: Int32, _ declarations: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
  ) {
    guard let declarations, count > 0 else { return }
    for index in 0..<Int(count) {
      entries.append((depth, declarations[2 * index], declarations[2 * index + 1]))
    }
  }

  /// Forgets every declaration, keeping the storage (and the last text built) for the next document.
  public mutating func removeAll() { entries.removeAll(keepingCapacity: true) }

  /// Forgets the declarations of the element at `depth`, which has ended (and any deeper).
  /// Inlinable: it runs at every end tag, and most of them leave nothing.
  @inlinable
  public mutating func leave(depth: Int) {
    while let last = entries.last, last.depth >= depth { entries.removeLast() }
  }

  /// Records `declarations` (in order) for the element at `depth`, as if its start tag carried
  /// them first. Their pointers must stay valid as those `enter` records.
  public mutating func enter(depth: Int, _ declarations: [Declaration]) {
    for declaration in declarations { entries.append((depth, declaration.prefix, declaration.uri)) }
  }

  /// The declarations its ancestors make to the element at `depth`, innermost first and each
  /// in its start tag's order; prefixes the element declares itself are left out (declaring one
  /// twice is an error).
  public func inheritedDeclarations(at depth: Int) -> [Declaration] {
    var result: [Declaration] = []
    forEachInherited(at: depth) { result.append(($0, $1)) }
    return result
  }

  /// Calls `body` with each of `inheritedDeclarations(at:)`, without building the list.
  private func forEachInherited(
    at depth: Int, _ body: (UnsafePointer<xmlChar>?, UnsafePointer<xmlChar>?) -> Void
  ) {
    // Entries are in depth order: none above `depth` (the common case inside VAST) is nothing.
    guard let first = entries.first, first.depth < depth else { return }
    var end = entries.endIndex
    while end > entries.startIndex {
      let level = entries[end - 1].depth
      var start = end - 1
      while start > entries.startIndex && entries[start - 1].depth == level { start -= 1 }
      if level < depth {
        for index in start..<end where !isShadowed(index, below: depth) {
          body(entries[index].prefix, entries[index].uri)
        }
      }
      end = start
    }
  }

  /// Whether the prefix of entry `index` is declared again deeper, at `depth` at most (a
  /// handful of entries: searching them beats hashing).
  private func isShadowed(_ index: Int, below depth: Int) -> Bool {
    let prefix = entries[index].prefix
    let level = entries[index].depth
    for other in entries[(index + 1)...] where other.depth > level && other.depth <= depth {
      if Self.same(other.prefix, prefix) { return true }
    }
    return false
  }

  private static func same(_ a: UnsafePointer<xmlChar>?, _ b: UnsafePointer<xmlChar>?) -> Bool {
    guard let a, let b else { return a == nil && b == nil }
    return xmlStrEqual(a, b) != 0
  }

  /// ` xmlns:p="uri"` (` xmlns="uri"` for the default) for each of `inheritedDeclarations(at:)`,
  /// to put on a cut-out element's start tag. The same declarations as the last call's (by
  /// content) answer its text again.
  public mutating func inherited(at depth: Int) -> String {
    guard let first = entries.first, first.depth < depth else { return "" }
    var matches = true
    var offset = 0
    let key = cachedKey
    forEachInherited(at: depth) { prefix, uri in
      guard matches else { return }
      matches = Self.match(prefix, key, &offset) && Self.match(uri, key, &offset)
    }
    if matches && offset == key.count { return cachedText }
    var text = ""
    var newKey: [UInt8] = []
    forEachInherited(at: depth) { prefix, uri in
      let prefixText = prefix.map { String(cString: $0) } ?? ""
      let escaped = XMLText.escapedForAttribute(uri.map { String(cString: $0) } ?? "")
      text += prefixText.isEmpty ? " xmlns=\"\(escaped)\"" : " xmlns:\(prefixText)=\"\(escaped)\""
      Self.appendKey(prefix, to: &newKey)
      Self.appendKey(uri, to: &newKey)
    }
    cachedText = text
    cachedKey = newKey
    return text
  }

  /// Whether `key` holds `text` (empty for nil) and its terminating 0 at `offset`; moves past them.
  private static func match(_ text: UnsafePointer<xmlChar>?, _ key: [UInt8], _ offset: inout Int) -> Bool {
    var index = 0
    while true {
      let byte = text?[index] ?? 0
      guard offset < key.count, key[offset] == byte else { return false }
      offset += 1
      if byte == 0 { return true }
      index += 1
    }
  }

  private static func appendKey(_ text: UnsafePointer<xmlChar>?, to key: inout [UInt8]) {
    if let text {
      var index = 0
      while text[index] != 0 {
        key.append(text[index])
        index += 1
      }
    }
    key.append(0)
  }

  /// `element` (the bytes of one element, its start tag first) with `declarations` added to its
  /// start tag, after the name, as text; made in one go, with no copy of the bytes between.
  public static func spliced(_ declarations: String, into element: UnsafeRawBufferPointer) -> String {
    guard !declarations.isEmpty,
      let nameEnd = element.firstIndex(where: {
        $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0x3E || $0 == 0x2F
      })
    else { return String(decoding: element, as: UTF8.self) }
    var declarations = declarations
    return declarations.withUTF8 { added in
      String(unsafeUninitializedCapacity: element.count + added.count) { buffer in
        let target = UnsafeMutableRawBufferPointer(buffer)
        target.copyMemory(from: UnsafeRawBufferPointer(rebasing: element[..<nameEnd]))
        UnsafeMutableRawBufferPointer(rebasing: target[nameEnd...]).copyMemory(
          from: UnsafeRawBufferPointer(added))
        UnsafeMutableRawBufferPointer(rebasing: target[(nameEnd + added.count)...]).copyMemory(
          from: UnsafeRawBufferPointer(rebasing: element[nameEnd...]))
        return element.count + added.count
      }
    }
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

/// A place in a checked document: line and column from 1 (the column counts bytes).
public struct SourcePosition: Sendable, Hashable {
  /// The line, from 1.
  public let line: Int
  /// The column, from 1.
  public let column: Int

  /// A position.
  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }
}

/// An attribute as written, with where its name starts.
public struct CheckAttribute: Sendable {
  /// The local name.
  public let name: String
  /// The namespace URI of a prefixed attribute (`xsi:…`), else nil.
  public let namespace: String?
  /// The value, entities replaced.
  public let value: String
  /// Where the name starts.
  public let position: SourcePosition
}

/// An element of a document read for checking: names, attributes, text and the place of each,
/// and whether its text was written as CDATA. Reference type so that rules can walk up.
/// One thread at a time: a checker builds and reads its tree in one call.
public final class CheckNode {
  /// The local name.
  public let name: String
  /// The namespace URI, if any.
  public let namespace: String?
  /// Where its start tag begins.
  public let position: SourcePosition
  /// The byte offset of its start tag's `<` in the document (what `DocumentFixer` edits from).
  let offset: Int
  /// The attributes, in written order.
  public let attributes: [CheckAttribute]
  /// The child elements, in order.
  public internal(set) var children: [CheckNode] = []
  /// Its own character data (text and CDATA, not its children's), as read.
  public internal(set) var text = "" { didSet { trimmed = nil } }
  private var trimmed: String?
  /// Its URL's scheme and host (`URLParts`), once asked.
  private var readURL: (scheme: String?, host: String?)?
  /// Whether its content holds a CDATA section.
  public internal(set) var hasCDATA = false
  /// The element it is inside (nil for the root).
  // why: unowned, not weak: a weak reference gives every node a side table, and each retain and
  // release of a node then took the slow path (a third of adhost-bench check's time). A node
  // never outlives its root, which holds it: the tree is made and read inside one check.
  public private(set) unowned var parent: CheckNode?
  /// The nearest enclosing `InLine` or `Wrapper` (itself included), by name: fixed when the
  /// node is made, since every rule asks.
  public let adKind: String?
  /// Its key in the schema tables (`SchemaShape.key(of:)`), made once.
  let schemaKey: String

  init(
    name: String, namespace: String?, position: SourcePosition, offset: Int, attributes: [CheckAttribute],
    parent: CheckNode?
  ) {
    self.name = name
    self.namespace = namespace
    self.position = position
    self.offset = offset
    self.attributes = attributes
    self.parent = parent
    adKind = name == "InLine" || name == "Wrapper" ? name : parent?.adKind
    if let kind = adKind, name != "Ad" { schemaKey = kind + ":" + name } else { schemaKey = name }
  }

  /// The value of attribute `name`, or nil.
  public func attribute(_ name: String) -> String? { attributes.first { $0.name == name }?.value }

  /// The attribute named `name`, with its place.
  public func attributeNamed(_ name: String) -> CheckAttribute? { attributes.first { $0.name == name } }

  /// The child elements named `name`.
  public func children(_ name: String) -> [CheckNode] { children.filter { $0.name == name } }

  /// The first child element named `name`.
  public func child(_ name: String) -> CheckNode? { children.first { $0.name == name } }

  /// Its text with surrounding white space removed.
  /// The scheme (lower-cased) and host of the URL its text holds.
  var urlParts: (scheme: String?, host: String?) {
    if let readURL { return readURL }
    let url = trimmedText
    let parts = (URLParts.scheme(url)?.lowercased(), URLParts.host(url))
    readURL = parts
    return parts
  }

  public var trimmedText: String {
    if let trimmed { return trimmed }
    let value = text.trimmingWhitespace
    trimmed = value
    return value
  }

  /// Every element at or below this one, in document order.
  public var subtree: [CheckNode] {
    var result: [CheckNode] = []
    appendSubtree(to: &result)
    return result
  }

  private func appendSubtree(to result: inout [CheckNode]) {
    result.append(self)
    for child in children { child.appendSubtree(to: &result) }
  }

  /// The names from the root down to this element, joined by `/`.
  public var path: String { (parent.map { $0.path + "/" } ?? "") + name }

  /// Whether an ancestor (not itself) is named `name`.
  public func isInside(_ name: String) -> Bool {
    var node = parent
    while let current = node {
      if current.name == name { return true }
      node = current.parent
    }
    return false
  }
}

extension String {
  /// The string without leading and trailing spaces, tabs and line breaks.
  var trimmingWhitespace: String {
    let utf8 = self.utf8
    guard let first = utf8.firstIndex(where: { !ASCIIBytes.isSpace($0) }),
      let last = utf8.lastIndex(where: { !ASCIIBytes.isSpace($0) })
    else { return "" }
    let end = utf8.index(after: last)
    return first == utf8.startIndex && end == utf8.endIndex ? self : String(self[first..<end])
  }
}

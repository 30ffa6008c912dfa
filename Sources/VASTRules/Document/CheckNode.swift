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

/// An attribute as written.
public struct CheckAttribute: Sendable {
  /// The local name.
  public let name: String
  /// The namespace URI of a prefixed attribute (`xsi:…`), else nil.
  public let namespace: String?
  /// The value, entities replaced.
  public let value: String
  /// `NameIndex.hash(name)`, for the schema tables (`SchemaShape.attributeTable`).
  let nameHash: Int
}

/// An element of a document read for checking: names, attributes, text, and (asked for) the
/// place of each and whether its text was written as CDATA. Reference type so that rules can
/// walk up. One thread at a time: a checker builds and reads its tree in one call.
///
/// A node lives as long as its `CheckDocument`, which holds every node of the tree: keep the
/// document while reading nodes.
public final class CheckNode {
  /// The local name.
  public let name: String
  /// The namespace URI, if any.
  public let namespace: String?
  /// The byte offset of its start tag's `<` in the document (what `DocumentFixer` edits from).
  let offset: Int
  /// The attributes, in written order.
  public let attributes: [CheckAttribute]
  // why: one thread at a time (see above), and no access overlaps another; the dynamic checks
  // were ≈ 5 % of adhost-bench check's instructions.
  /// The child elements, in order.
  @exclusivity(unchecked) public internal(set) var children: [CheckNode] = []
  /// Its own character data (text and CDATA, not its children's) with surrounding white space
  /// removed.
  @exclusivity(unchecked) public internal(set) var trimmedText = ""
  /// Its URL's scheme and host (`URLParts`), once asked.
  @exclusivity(unchecked) private var readURL: (scheme: String?, host: String?)?
  /// The macros of its URL (`MacroRules.macros`), once asked.
  @exclusivity(unchecked) private var readMacros: [String]?
  /// The element it is inside (nil for the root).
  // why: unowned, not weak: a weak reference gives every node a side table, and each retain and
  // release of a node then took the slow path (a third of adhost-bench check's time). A node
  // never outlives its root, which holds it: the tree is made and read inside one check.
  public private(set) unowned var parent: CheckNode?
  /// The document it belongs to.
  // why: unowned(unsafe): the document holds every node (`CheckDocument.nodes`), and a node is
  // read only while its document is held (a check, a fix); a counted reference from each node
  // would make a cycle, a checked one cost two atomic operations a node.
  unowned(unsafe) let document: CheckDocument
  /// Its index in `document.nodes`; its subtree is `document.nodes[index..<subtreeEnd]`.
  let index: Int
  // why: one thread at a time (see above), and no access overlaps another.
  /// The end of its subtree in `document.nodes`, set when its end tag is read.
  @exclusivity(unchecked) var subtreeEnd: Int
  /// What its name means to the rules, looked up once per name.
  let known: KnownName
  /// The nearest enclosing `InLine` or `Wrapper` (itself included), by name: fixed when the
  /// node is made, since every rule asks.
  public let adKind: String?
  /// The shape the schema tables give its element where it stands (`SchemaShape.of`).
  let shape: SchemaShape?
  /// What its parent's shape says of an element of its name there (nil: not allowed there, or
  /// the parent has no shape).
  let allowance: SchemaShape.Allowance?
  /// Whether it is in the VAST namespace (or none), as the schema rules judge.
  let inVASTNamespace: Bool

  init(
    known: KnownName, namespace: KnownName?, offset: Int, attributes: [CheckAttribute], parent: CheckNode?,
    document: CheckDocument, index: Int
  ) {
    self.known = known
    name = known.text
    self.namespace = namespace?.text
    self.offset = offset
    self.attributes = attributes
    self.parent = parent
    self.document = document
    self.index = index
    subtreeEnd = index + 1
    let kind = known.adKind ?? parent?.kindIndex
    adKind = kind.map { KnownName.adKinds[$0] }
    kindIndex = kind
    shape = known.shapes[kind ?? 2]
    allowance = parent?.shape?.childTable.value(known.text, hash: known.cheapHash)
    inVASTNamespace = namespace?.isVASTNamespace ?? true
  }

  /// 0 inside an InLine, 1 inside a Wrapper (`KnownName.adKinds`), nil elsewhere.
  private let kindIndex: Int?

  /// Where its start tag begins.
  public var position: SourcePosition { document.position(offset) }

  /// Whether its content opens (after white space) with a CDATA section.
  public var hasCDATA: Bool { TagScan.contentStartsWithCDATA(document.bytes, after: offset) }

  /// The value of attribute `name`, or nil.
  public func attribute(_ name: String) -> String? {
    for attribute in attributes where attribute.name == name { return attribute.value }
    return nil
  }

  /// The attribute named `name`.
  public func attributeNamed(_ name: String) -> CheckAttribute? { attributes.first { $0.name == name } }

  /// Where attribute `name`'s name starts in the start tag (the tag's place when it has none).
  public func position(ofAttribute name: String) -> SourcePosition {
    guard attributeNamed(name) != nil else { return position }
    return document.position(TagScan.attributeOffset(name, in: document.bytes, tagStart: offset) ?? offset)
  }

  /// The child elements named `name`.
  public func children(_ name: String) -> [CheckNode] { children.filter { $0.name == name } }

  /// The first child element named `name`.
  public func child(_ name: String) -> CheckNode? {
    for child in children where child.name == name { return child }
    return nil
  }

  /// The scheme (lower-cased) and host of the URL its text holds.
  var urlParts: (scheme: String?, host: String?) {
    if let readURL { return readURL }
    let url = trimmedText
    let parts = (URLParts.scheme(url)?.lowercased(), URLParts.host(url))
    readURL = parts
    return parts
  }

  /// The `[NAME]` macros of the URL its text holds, as written.
  var urlMacros: [String] {
    if let readMacros { return readMacros }
    let found = MacroRules.macros(in: trimmedText)
    readMacros = found
    return found
  }

  /// Every element at or below this one, in document order.
  public var subtree: ArraySlice<CheckNode> { document.nodes[index..<subtreeEnd] }

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

/// A document read for checking: its bytes and every element, in document order. It holds
/// the nodes; hold it while reading them. One thread at a time.
public final class CheckDocument {
  /// The document's bytes.
  let bytes: [UInt8]
  // why: one thread at a time (see above), and no access overlaps another.
  /// Every element, in document order (a node's subtree is a run of it).
  @exclusivity(unchecked) var nodes: [CheckNode] = []
  @exclusivity(unchecked) private var lines: LineTable?

  init(bytes: [UInt8]) { self.bytes = bytes }

  /// The line and column of byte `offset` (the line table made at the first call).
  func position(_ offset: Int) -> SourcePosition {
    if let lines { return lines.position(offset) }
    let made = LineTable(bytes)
    lines = made
    return made.position(offset)
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

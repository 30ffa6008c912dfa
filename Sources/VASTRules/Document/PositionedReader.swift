import CLibXML2
import HardenedXML

/// Reads a document into `CheckNode`s through `HardenedXML`'s front-end. Each element keeps the
/// byte offset of its start tag's `<` (libxml2's consumed-byte count at the start tag, looked
/// back to the `<` in the document's own bytes); lines and columns, attribute places and CDATA
/// are worked out from the bytes only when a rule asks (`CheckNode.position`).
enum PositionedReader {
  /// The largest document read (as `adhost vast`).
  static let maxBytes = 16 << 20

  /// The tree, or what stopped the read.
  static func read(_ bytes: [UInt8]) -> Result<ReadDocument, ReadFailure> {
    ReaderState.withState { $0.read(bytes) }
  }

  /// A document's tree and what libxml2 warned about. `document` holds the nodes: keep it.
  struct ReadDocument {
    let document: CheckDocument
    let root: CheckNode
    let warnings: [XMLProblem]
  }

  /// Why a document gave no tree.
  struct ReadFailure: Error {
    let line: Int
    let message: String
    /// An entity declaration (refused) rather than malformed XML.
    let entity: Bool
  }

  static let callbacks = XMLElementCallbacks(
    start: { ctx, localname, _, uri, _, _, count, _, attributes in
      XMLParseBox.reach(ctx, as: Box.self) { $0.start(localname, uri, Int(count), attributes) }
    },
    end: { ctx, _, _, _ in
      XMLParseBox.reach(ctx, as: Box.self) { $0.end() }
    },
    characters: { ctx, characters, length in
      XMLParseBox.reach(ctx, as: Box.self) { $0.characters(characters, Int(length)) }
    })

  /// The tree under construction. One thread at a time (the reader state's).
  final class Box: XMLParseBox {
    let document: CheckDocument
    private let bytes: UnsafeBufferPointer<UInt8>
    private let context: xmlParserCtxtPtr
    // why: unowned(unsafe): the state outlives the read that made this box (it made it).
    unowned(unsafe) private let state: ReaderState
    // why: one thread at a time (the reader state's), and no access overlaps another; read on
    // every callback.
    @exclusivity(unchecked) private(set) var root: CheckNode?
    /// The open elements, each with where its own text starts in `text`.
    @exclusivity(unchecked) private var stack: [(node: CheckNode, textStart: Int)] = []
    /// The open elements' character data, each element's after its parent's.
    @exclusivity(unchecked) private var text: [UInt8] = []
    /// The open elements' children so far, each element's after its parent's: an element's
    /// list is made once, at its end tag, at its size.
    @exclusivity(unchecked) private var children: [CheckNode] = []
    /// Where each open element's children start in `children`.
    @exclusivity(unchecked) private var childrenStarts: [Int] = []

    init(
      document: CheckDocument, bytes: UnsafeBufferPointer<UInt8>, context: xmlParserCtxtPtr,
      state: ReaderState
    ) {
      self.document = document
      self.bytes = bytes
      self.context = context
      self.state = state
    }

    func start(
      _ localname: UnsafePointer<xmlChar>?, _ uri: UnsafePointer<xmlChar>?, _ count: Int,
      _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    ) {
      let tagStart = tagOpening()
      var read: [CheckAttribute] = []
      if count > 0, let attributes {
        read.reserveCapacity(count)
        for index in 0..<count {
          let base = index * 5
          guard let name = attributes[base], let start = attributes[base + 3], let end = attributes[base + 4]
          else { continue }
          let value = String(decoding: UnsafeBufferPointer(start: start, count: end - start), as: UTF8.self)
          let known = state.names.name(name)
          read.append(
            CheckAttribute(
              name: known.text, namespace: attributes[base + 2].map { state.names.name($0).text },
              value: value,
              nameHash: known.cheapHash))
        }
      }
      let parent = stack.last?.node
      let node = CheckNode(
        known: localname.map { state.names.name($0) } ?? KnownName(""),
        namespace: uri.map { state.names.name($0) },
        offset: tagStart, attributes: read, parent: parent, document: document, index: document.nodes.count)
      document.nodes.append(node)
      if parent != nil { children.append(node) } else if root == nil { root = node }
      stack.append((node, text.count))
      childrenStarts.append(children.count)
    }

    func end() {
      guard let (node, textStart) = stack.popLast(), let childrenStart = childrenStarts.popLast() else {
        return
      }
      if text.count > textStart {
        node.trimmedText = Self.trimmed(text[textStart...])
        text.removeSubrange(textStart...)
      }
      if children.count > childrenStart {
        node.children = Array(children[childrenStart...])
        children.removeSubrange(childrenStart...)
      }
      node.subtreeEnd = document.nodes.count
    }

    func characters(_ characters: UnsafePointer<xmlChar>?, _ length: Int) {
      guard let characters, length > 0, !stack.isEmpty else { return }
      text.append(contentsOf: UnsafeBufferPointer(start: characters, count: length))
    }

    /// The bytes without leading and trailing spaces, tabs and line breaks, as a string.
    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> String {
      guard let first = bytes.firstIndex(where: { !ASCIIBytes.isSpace($0) }),
        let last = bytes.lastIndex(where: { !ASCIIBytes.isSpace($0) })
      else { return "" }
      return String(decoding: bytes[first...last], as: UTF8.self)
    }

    /// The offset of the `<` of the start tag being reported.
    private func tagOpening() -> Int {
      var offset = min(max(Int(xmlByteConsumed(context)), 0), bytes.count)
      if offset == bytes.count, offset > 0 { offset -= 1 }
      while offset > 0, bytes[offset] != UInt8(ascii: "<") { offset -= 1 }
      return offset
    }
  }
}

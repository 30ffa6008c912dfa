import CLibXML2
import HardenedXML

/// Reads a document into `CheckNode`s through `HardenedXML`'s front-end, placing each element
/// and attribute at its line and column: libxml2's consumed-byte count at each start tag, looked
/// back to the tag's `<` in the document's own bytes.
enum PositionedReader {
  /// The largest document read (as `adhost vast`).
  static let maxBytes = 16 << 20

  /// The tree, or what stopped the read.
  static func read(_ bytes: [UInt8]) -> Result<ReadDocument, ReadFailure> {
    let box = Box(bytes: bytes)
    let frontEnd = XMLFrontEnd(maxBytes: maxBytes, elements: callbacks, reusesContext: false)
    let context: xmlParserCtxtPtr
    switch frontEnd.begin(count: bytes.count) {
    case .success(let made): context = made
    case .failure(.tooLarge(let count, let cap)):
      return .failure(
        ReadFailure(line: 1, message: "\(count) bytes, over the \(cap)-byte cap", entity: false))
    case .failure(.empty): return .failure(ReadFailure(line: 1, message: "empty document", entity: false))
    case .failure(.noParser): return .failure(ReadFailure(line: 1, message: "no XML parser", entity: false))
    }
    box.context = context
    let outcome = bytes.withUnsafeBytes { frontEnd.read($0, context: context, box: box) }
    if let entity = outcome.refusedEntity {
      return .failure(
        ReadFailure(line: entity.line, message: "entity declaration '\(entity.name)'", entity: true))
    }
    guard !outcome.failed, let root = box.root else {
      return .failure(
        ReadFailure(
          line: outcome.error?.line ?? 1, message: outcome.error?.message ?? "not well-formed", entity: false)
      )
    }
    return .success(ReadDocument(root: root, warnings: outcome.warnings))
  }

  /// A document's tree and what libxml2 warned about.
  struct ReadDocument {
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

  private static let callbacks = XMLElementCallbacks(
    start: { ctx, localname, _, uri, _, _, count, _, attributes in
      XMLParseBox.reach(ctx, as: Box.self) { $0.start(localname, uri, Int(count), attributes) }
    },
    end: { ctx, _, _, _ in
      XMLParseBox.reach(ctx, as: Box.self) { $0.end() }
    },
    characters: { ctx, characters, length in
      XMLParseBox.reach(ctx, as: Box.self) { $0.characters(characters, Int(length)) }
    })

  /// The tree under construction.
  final class Box: XMLParseBox {
    let bytes: [UInt8]
    let lines: LineTable
    var context: xmlParserCtxtPtr?
    var root: CheckNode?
    private var stack: [CheckNode] = []
    private var textBytes: [UInt8] = []

    init(bytes: [UInt8]) {
      self.bytes = bytes
      lines = LineTable(bytes)
    }

    func start(
      _ localname: UnsafePointer<xmlChar>?, _ uri: UnsafePointer<xmlChar>?, _ count: Int,
      _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    ) {
      flushText()
      let tagStart = tagOpening()
      var read: [CheckAttribute] = []
      for index in 0..<count {
        let base = index * 5
        guard let attributes, let name = attributes[base], let start = attributes[base + 3],
          let end = attributes[base + 4]
        else { continue }
        let nameText = String(cString: name)
        let namespace = attributes[base + 2].map { String(cString: $0) }
        let value = String(decoding: UnsafeBufferPointer(start: start, count: end - start), as: UTF8.self)
        let offset = TagScan.attributeOffset(nameText, in: bytes, tagStart: tagStart) ?? tagStart
        read.append(
          CheckAttribute(name: nameText, namespace: namespace, value: value, position: lines.position(offset))
        )
      }
      let node = CheckNode(
        name: localname.map { String(cString: $0) } ?? "", namespace: uri.map { String(cString: $0) },
        position: lines.position(tagStart), offset: tagStart, attributes: read,
        parent: stack.last)
      if let parent = stack.last { parent.children.append(node) } else if root == nil { root = node }
      node.hasCDATA = TagScan.contentStartsWithCDATA(bytes, after: tagStart)
      stack.append(node)
    }

    func end() {
      flushText()
      stack.removeLast()
    }

    func characters(_ characters: UnsafePointer<xmlChar>?, _ length: Int) {
      guard let characters, length > 0 else { return }
      textBytes.append(contentsOf: UnsafeBufferPointer(start: characters, count: length))
    }

    private func flushText() {
      guard !textBytes.isEmpty else { return }
      stack.last?.text += String(decoding: textBytes, as: UTF8.self)
      textBytes.removeAll(keepingCapacity: true)
    }

    private func consumed() -> Int {
      guard let context else { return 0 }
      return Int(xmlByteConsumed(context))
    }

    /// The offset of the `<` of the start tag being reported.
    private func tagOpening() -> Int {
      var offset = min(max(consumed(), 0), bytes.count)
      if offset == bytes.count, offset > 0 { offset -= 1 }
      while offset > 0, bytes[offset] != UInt8(ascii: "<") { offset -= 1 }
      return offset
    }
  }
}

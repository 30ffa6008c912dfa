import CLibXML2

/// Reads a piece of XML that a parse cut out of its document (an ad's `<AdVerifications>`, an
/// `<Extensions>`) into a tree, hardened as the front-end is (no network, entity declarations
/// refused, libxml2's messages captured), and hands its root to a reader.
public enum XMLFragment {
  /// What reading `xml` on its own finds wrong: libxml2's first error, or a refused entity
  /// declaration, and the warnings (undeclared namespace prefixes); empty when it reads cleanly.
  public static func problems(_ xml: String) -> [XMLProblem] {
    var found: [XMLProblem] = []
    _ = parse(xml) { box, document in
      if let error = box.firstError { found.append(error) }
      if let entity = box.refusedEntity {
        found.append(XMLProblem(line: entity.line, message: "entity declaration '\(entity.name)'"))
      }
      if document == nil && found.isEmpty { found.append(XMLProblem(line: 0, message: "not well-formed")) }
      found += box.warnings
      return true
    }
    return found
  }

  /// Parses `xml` and answers `body(root)`; nil when it does not parse.
  public static func read<Result>(_ xml: String, _ body: (XMLElement) -> Result) -> Result? {
    parse(xml) { box, document in
      guard box.refusedEntity == nil, let document, let root = xmlDocGetRootElement(document) else {
        return nil
      }
      return body(XMLElement(node: root))
    }
  }

  /// Parses `xml` into a tree and hands `body` what the parse recorded and the tree (nil when
  /// it does not parse), which is freed after.
  private static func parse<Result>(
    _ xml: String, _ body: (XMLParseBox, xmlDocPtr?) -> Result?
  ) -> Result? {
    var bytes = Array(xml.utf8)
    guard !bytes.isEmpty, bytes.count <= Int(Int32.max), let context = xmlNewParserCtxt() else { return nil }
    defer { xmlFreeParserCtxt(context) }
    // The default SAX2 handlers build the tree; only the hardening callbacks are replaced.
    XMLHardening.harden(&context.pointee.sax.pointee)
    let box = XMLParseBox()
    context.pointee._private = Unmanaged.passUnretained(box).toOpaque()
    let options = Int32(truncatingIfNeeded: XML_PARSE_NONET.rawValue)
    let document = bytes.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.map { base in
        base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
          xmlCtxtReadMemory(context, $0, Int32(buffer.count), nil, "UTF-8", options)
        }
      } ?? nil
    }
    context.pointee._private = nil
    defer { if let document { xmlFreeDoc(document) } }
    return body(box, document)
  }
}

/// An element of a tree `XMLFragment` read; valid only inside the reader's body.
public struct XMLElement {
  let node: xmlNodePtr

  /// Its local name (libxml2 keeps `prefix:name` for a prefix never declared: read as if it were).
  public var name: String {
    let name = node.pointee.name.map { String(cString: $0) } ?? ""
    guard let colon = name.lastIndex(of: ":") else { return name }
    return String(name[name.index(after: colon)...])
  }

  /// Its child elements, all or those named `name`, in order.
  public func children(_ name: String? = nil) -> [XMLElement] {
    var result: [XMLElement] = []
    var child = node.pointee.children
    while let current = child {
      let element = XMLElement(node: current)
      if current.pointee.type == XML_ELEMENT_NODE && (name == nil || element.name == name) {
        result.append(element)
      }
      child = current.pointee.next
    }
    return result
  }

  /// Its descendants named `name`, in document order, not looking inside one that matched.
  public func descendants(_ name: String) -> [XMLElement] {
    children().flatMap { $0.name == name ? [$0] : $0.descendants(name) }
  }

  /// The value of its attribute `name` as written (entity references replaced), or nil.
  public func attribute(_ name: String) -> String? {
    var property = node.pointee.properties
    while let current = property {
      if let attributeName = current.pointee.name, String(cString: attributeName) == name {
        var value = ""
        var child = current.pointee.children
        while let part = child {
          if let content = part.pointee.content { value += String(cString: content) }
          child = part.pointee.next
        }
        return value
      }
      property = current.pointee.next
    }
    return nil
  }

  /// Its own text and CDATA, joined (not its children's).
  public var text: String {
    var value = ""
    var child = node.pointee.children
    while let part = child {
      if part.pointee.type == XML_TEXT_NODE || part.pointee.type == XML_CDATA_SECTION_NODE,
        let content = part.pointee.content
      {
        value += String(cString: content)
      }
      child = part.pointee.next
    }
    return value
  }
}

import CLibXML2
import Foundation

/// Parses VAST documents with libxml2's SAX2 interface: no network, no DTD loading, entity
/// declarations refused (so no external entities and no entity expansion bombs), a size cap.
///
/// A parser keeps one libxml2 context and reuses it across documents; it is not thread-safe,
/// so give each thread (or task) its own. `VASTParser.parse` makes a fresh one per call.
public final class VASTParser {
  /// Documents larger than this (bytes) are refused with code 100 (default 1 MiB).
  public let maxBytes: Int
  private var context: xmlParserCtxtPtr?
  private var box: ParseBox?
  private var parsesSinceReset = 0

  /// A parser with a size cap in bytes.
  public init(maxBytes: Int = 1 << 20) {
    _ = Self.libraryReady
    self.maxBytes = min(maxBytes, Int(Int32.max))
    context = nil
    resetContext()
  }

  /// libxml2 must be initialised once before threads parse concurrently.
  private static let libraryReady: Bool = {
    xmlInitParser()
    return true
  }()

  deinit {
    if let context { xmlFreeParserCtxt(context) }
  }

  /// Parses one document with a fresh parser.
  public static func parse(_ data: Data, maxBytes: Int = 1 << 20) throws(VASTError) -> VASTDocument {
    try VASTParser(maxBytes: maxBytes).parse(data)
  }

  /// Parses one document.
  public func parse(_ data: Data) throws(VASTError) -> VASTDocument {
    let result: Result<VASTDocument, VASTError> = data.withUnsafeBytes { parse(bytes: $0) }
    return try result.get()
  }

  /// Parses one document held in memory.
  public func parse(bytes: UnsafeRawBufferPointer) -> Result<VASTDocument, VASTError> {
    guard bytes.count <= maxBytes else {
      return .failure(
        VASTError(.xmlParsing, "the document is \(bytes.count) bytes, over the \(maxBytes)-byte cap"))
    }
    guard !bytes.isEmpty, let base = bytes.baseAddress else {
      return .failure(VASTError(.xmlParsing, "the document is empty"))
    }
    // The dictionary grows with every new name seen; start afresh now and then.
    parsesSinceReset += 1
    if parsesSinceReset > 2000 { resetContext() }
    guard let context, let box else {
      return .failure(VASTError(.undefined, "libxml2 could not create a parser"))
    }
    box.builder.reset(input: bytes)
    box.errorMessage = nil
    context.pointee._private = Unmanaged.passUnretained(box).toOpaque()
    defer {
      context.pointee._private = nil
      box.builder.reset(input: UnsafeRawBufferPointer(start: nil, count: 0))
    }
    let options = Int32(XML_PARSE_NONET.rawValue) | Int32(XML_PARSE_NOCDATA.rawValue)
    // The SAX handler builds no tree, but libxml2 makes a document of its own for a DOCTYPE
    // that declares entities (to hold them) and hands it back; free it, or each such input leaks.
    if let leftover = xmlCtxtReadMemory(
      context, base.assumingMemoryBound(to: CChar.self), Int32(bytes.count), nil, nil, options)
    {
      xmlFreeDoc(leftover)
    }
    if let failure = box.builder.failure { return .failure(failure) }
    if context.pointee.wellFormed == 0 || box.errorMessage != nil {
      return .failure(VASTError(.xmlParsing, box.errorMessage ?? "the document is not well-formed XML"))
    }
    if !box.builder.sawRoot { return .failure(VASTError(.xmlParsing, "the document has no root element")) }
    return .success(box.builder.takeDocument())
  }

  private func resetContext() {
    if let context { xmlFreeParserCtxt(context) }
    parsesSinceReset = 0
    context = xmlNewParserCtxt()
    guard let context else {
      box = nil
      return
    }
    context.pointee.sax.pointee = SAXCallbacks.handler()
    box = ParseBox(builder: VASTBuilder(names: InternedNames(context.pointee.dict), context: context))
  }
}

/// What the C callbacks reach through the context's `_private` pointer. The builder is a
/// struct so that each callback costs one exclusivity check, not one per field it touches.
final class ParseBox {
  @exclusivity(unchecked) var builder: VASTBuilder
  /// The first error libxml2 reported, with its line.
  var errorMessage: String?
  init(builder: VASTBuilder) { self.builder = builder }

  // Forwarders: mutating the builder from inside the class keeps the access in place.
  func startElement(
    _ localname: UnsafePointer<xmlChar>?, _ count: Int32,
    _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
  ) {
    builder.startElement(localname, count, attributes)
  }

  func endElement() { builder.end() }

  func characters(_ characters: UnsafePointer<xmlChar>?, _ length: Int32) {
    builder.characters(characters, length)
  }
}

import CLibXML2

/// The C callbacks of the VMAP SAX2 handler; each reaches its `VMAPParseBox` through the
/// parser context's `_private` pointer.
enum VMAPSAX {
  static func handler() -> xmlSAXHandler {
    var sax = xmlSAXHandler()
    sax.initialized = XML_SAX2_MAGIC
    sax.startElementNs = { ctx, localname, _, _, namespaceCount, namespaces, count, _, attributes in
      VMAPSAX.withBox(ctx) { $0.builder.start(localname, namespaceCount, namespaces, count, attributes) }
    }
    sax.endElementNs = { ctx, _, _, _ in VMAPSAX.withBox(ctx) { $0.builder.end() } }
    // `characters` is installed by the builder only inside text elements.
    sax.entityDecl = { ctx, _, _, _, _, _ in
      VMAPSAX.box(ctx)?.builder.fail(.parsing, "entity declarations are not allowed")
    }
    sax.unparsedEntityDecl = { ctx, _, _, _, _ in
      VMAPSAX.box(ctx)?.builder.fail(.parsing, "entity declarations are not allowed")
    }
    sax.serror = { ctx, error in
      guard let box = VMAPSAX.box(ctx), let error, box.errorMessage == nil,
        error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue
      else { return }
      let text = error.pointee.message.map { String(cString: $0) } ?? "XML error \(error.pointee.code)"
      box.errorMessage = "line \(error.pointee.line): " + text.trimmingWhitespace()
    }
    return sax
  }

  /// The character-data callback, installed while a text element is open.
  static let characters: charactersSAXFunc = { ctx, characters, length in
    VMAPSAX.withBox(ctx) { $0.builder.characters(characters, length) }
  }

  /// Runs `body` on the box without retaining it (the parser holds it for the whole parse).
  @inline(__always)
  static func withBox(_ ctx: UnsafeMutableRawPointer?, _ body: (VMAPParseBox) -> Void) {
    guard let context = ctx?.assumingMemoryBound(to: xmlParserCtxt.self),
      let pointer = context.pointee._private
    else { return }
    Unmanaged<VMAPParseBox>.fromOpaque(pointer)._withUnsafeGuaranteedRef(body)
  }

  static func box(_ ctx: UnsafeMutableRawPointer?) -> VMAPParseBox? {
    guard let context = ctx?.assumingMemoryBound(to: xmlParserCtxt.self),
      let pointer = context.pointee._private
    else { return nil }
    return Unmanaged<VMAPParseBox>.fromOpaque(pointer).takeUnretainedValue()
  }
}

/// What the callbacks reach: the builder and libxml2's first error.
final class VMAPParseBox {
  var builder: VMAPBuilder
  var errorMessage: String?
  init(context: xmlParserCtxtPtr) { builder = VMAPBuilder(context: context) }
}

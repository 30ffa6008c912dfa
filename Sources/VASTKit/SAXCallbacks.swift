import CLibXML2

/// The C callbacks of the SAX2 handler. Each reaches its `ParseBox` through the parser
/// context's `_private` pointer (libxml2 passes the context as the callbacks' `ctx`).
enum SAXCallbacks {
  /// A SAX2 handler with only the callbacks the builder needs.
  static func handler() -> xmlSAXHandler {
    var sax = xmlSAXHandler()
    sax.initialized = XML_SAX2_MAGIC
    sax.startElementNs = { ctx, localname, _, _, _, _, count, _, attributes in
      SAXCallbacks.box(ctx)?.builder.startElement(localname, count, attributes)
    }
    sax.endElementNs = { ctx, _, _, _ in
      SAXCallbacks.box(ctx)?.builder.end()
    }
    sax.characters = { ctx, characters, length in
      SAXCallbacks.box(ctx)?.builder.characters(characters, length)
    }
    sax.cdataBlock = sax.characters
    sax.entityDecl = { ctx, name, _, _, _, _ in
      let entity = name.map { String(cString: $0) } ?? "?"
      SAXCallbacks.box(ctx)?.builder.fail(
        .xmlParsing, "entity declarations are not allowed (entity '\(entity)')")
    }
    sax.unparsedEntityDecl = { ctx, name, _, _, _ in
      let entity = name.map { String(cString: $0) } ?? "?"
      SAXCallbacks.box(ctx)?.builder.fail(
        .xmlParsing, "entity declarations are not allowed (entity '\(entity)')")
    }
    sax.serror = { ctx, error in
      guard let box = SAXCallbacks.box(ctx), let error, box.errorMessage == nil,
        error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue
      else { return }
      let text = error.pointee.message.map { String(cString: $0) } ?? "XML error \(error.pointee.code)"
      box.errorMessage = "line \(error.pointee.line): " + text.trimmingWhitespace()
    }
    return sax
  }

  @inline(__always)
  static func box(_ ctx: UnsafeMutableRawPointer?) -> ParseBox? {
    guard let context = ctx?.assumingMemoryBound(to: xmlParserCtxt.self),
      let pointer = context.pointee._private
    else { return nil }
    return Unmanaged<ParseBox>.fromOpaque(pointer).takeUnretainedValue()
  }
}

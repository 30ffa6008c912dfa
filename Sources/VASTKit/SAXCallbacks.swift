import CLibXML2

/// The C callbacks of the SAX2 handler. Each reaches its `ParseBox` through the parser
/// context's `_private` pointer (libxml2 passes the context as the callbacks' `ctx`).
enum SAXCallbacks {
  /// A SAX2 handler with only the callbacks the builder needs.
  static func handler() -> xmlSAXHandler {
    var sax = xmlSAXHandler()
    sax.initialized = XML_SAX2_MAGIC
    sax.startElementNs = { ctx, localname, _, _, _, _, count, _, attributes in
      SAXCallbacks.withBox(ctx) { $0.startElement(localname, count, attributes) }
    }
    sax.endElementNs = { ctx, _, _, _ in
      SAXCallbacks.withBox(ctx) { $0.endElement() }
    }
    // `characters` is installed by the builder only inside text elements; CDATA goes there too
    // (XML_PARSE_NOCDATA).
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

  /// The character-data callback, installed while a text element is open.
  static let characters: charactersSAXFunc = { ctx, characters, length in
    SAXCallbacks.withBox(ctx) { $0.characters(characters, length) }
  }

  /// Runs `body` on the box without retaining it (the parser holds it for the whole parse);
  /// the hot callbacks use this to skip two atomic reference-count operations each.
  @inline(__always)
  static func withBox(_ ctx: UnsafeMutableRawPointer?, _ body: (ParseBox) -> Void) {
    guard let context = ctx?.assumingMemoryBound(to: xmlParserCtxt.self),
      let pointer = context.pointee._private
    else { return }
    Unmanaged<ParseBox>.fromOpaque(pointer)._withUnsafeGuaranteedRef(body)
  }

  @inline(__always)
  static func box(_ ctx: UnsafeMutableRawPointer?) -> ParseBox? {
    guard let context = ctx?.assumingMemoryBound(to: xmlParserCtxt.self),
      let pointer = context.pointee._private
    else { return nil }
    return Unmanaged<ParseBox>.fromOpaque(pointer).takeUnretainedValue()
  }
}

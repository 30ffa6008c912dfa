import CLibXML2

/// The callbacks every front-end installs beside the user's element callbacks: entity
/// declarations refused (the parser stops at the first), libxml2's errors captured (the first
/// is kept with its line) instead of printed.
enum XMLHardening {
  static func handler(_ elements: XMLElementCallbacks) -> xmlSAXHandler {
    var sax = xmlSAXHandler()
    sax.initialized = XML_SAX2_MAGIC
    sax.startElementNs = elements.start
    sax.endElementNs = elements.end
    sax.characters = elements.characters
    harden(&sax)
    return sax
  }

  /// Installs the entity refusal and the error capture in `sax`.
  static func harden(_ sax: inout xmlSAXHandler) {
    sax.entityDecl = { ctx, name, _, _, _, _ in XMLHardening.refuseEntity(ctx, name) }
    sax.unparsedEntityDecl = { ctx, name, _, _, _ in XMLHardening.refuseEntity(ctx, name) }
    sax.serror = { ctx, error in
      guard let error, let box = XMLParseBox.of(ctx, as: XMLParseBox.self) else { return }
      XMLHardening.record(error.pointee, in: box)
    }
  }

  /// Keeps the first error; warnings below `XML_ERR_ERROR` are dropped.
  static func record(_ error: xmlError, in box: XMLParseBox) {
    guard box.firstError == nil, error.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
    let text = error.message.map { String(cString: $0) } ?? "XML error \(error.code)"
    box.firstError = XMLProblem(line: Int(error.line), message: trimmed(text))
  }

  static func refuseEntity(_ ctx: UnsafeMutableRawPointer?, _ name: UnsafePointer<xmlChar>?) {
    guard let context = ctx?.assumingMemoryBound(to: xmlParserCtxt.self),
      let box = XMLParseBox.of(ctx, as: XMLParseBox.self)
    else { return }
    if box.refusedEntity == nil {
      box.refusedEntity = XMLEntityRefusal(
        line: Int(context.pointee.input?.pointee.line ?? 0), name: name.map { String(cString: $0) } ?? "?")
    }
    xmlStopParser(context)
  }

  /// The text without leading and trailing spaces, tabs and line breaks.
  static func trimmed(_ text: String) -> String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }
    guard let first = text.firstIndex(where: { !isSpace($0) }),
      let last = text.lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(text[first...last])
  }
}

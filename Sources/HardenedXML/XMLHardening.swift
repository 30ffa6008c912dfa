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

  /// Keeps the first error; warnings below `XML_ERR_ERROR` are dropped. A namespace prefix used
  /// without a declaration (`xsi:` on an attribute, `scte35:` on an element) is only a warning:
  /// libxml2 reads the document on as if it were declared (the local names are the same, the
  /// namespace is none), and real ad servers and packagers write such documents. Each prefix is
  /// warned about once, at its first use.
  static func record(_ error: xmlError, in box: XMLParseBox) {
    guard error.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
    let text = error.message.map { String(cString: $0) } ?? "XML error \(error.code)"
    if error.domain == Int32(truncatingIfNeeded: XML_FROM_NAMESPACE.rawValue),
      error.code == Int32(truncatingIfNeeded: XML_NS_ERR_UNDEFINED_NAMESPACE.rawValue)
    {
      // One warning per prefix: the first use names the line, the others add nothing.
      let prefix = error.str1.map { String(cString: $0) } ?? ""
      let warning = XMLProblem(
        line: Int(error.line), message: trimmed(text) + "; read as if it were declared")
      if box.nestedPrefixes?.insert(prefix).inserted == true { box.nestedWarnings.append(warning) }
      guard box.undeclaredPrefixes.insert(prefix).inserted else { return }
      box.warnings.append(warning)
      return
    }
    guard box.firstError == nil else { return }
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

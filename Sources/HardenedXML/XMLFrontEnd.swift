import CLibXML2

/// The one way adhost reads outside XML (VAST, VMAP, MPDs): libxml2's SAX2 interface with no
/// network (`XML_PARSE_NONET`), no DTD loading, entity declarations refused (so no external
/// entities and no expansion bombs), libxml2's messages captured instead of printed, and a size
/// cap. Its users supply only their element callbacks and a builder (`XMLParseBox`).
///
/// A front-end keeps one libxml2 context and, unless told otherwise, reuses it across documents,
/// renewing it every `renewalInterval` parses (its name dictionary grows with every new name).
/// One thread at a time: give each thread (or task) its own.
public final class XMLFrontEnd {
  /// Why a document was not handed to libxml2 at all.
  public enum Refusal: Error, Equatable {
    /// Over the size cap.
    case tooLarge(bytes: Int, cap: Int)
    /// No bytes.
    case empty
    /// libxml2 could not allocate a parser context.
    case noParser
  }

  /// Parses between two fresh contexts when contexts are reused.
  public static let renewalInterval = 2000
  /// The parser options every read uses: no network, CDATA reported as text.
  public static let options = Int32(truncatingIfNeeded: XML_PARSE_NONET.rawValue | XML_PARSE_NOCDATA.rawValue)

  /// Documents larger than this (bytes) are refused before parsing.
  public let maxBytes: Int
  /// Counts the contexts made so far: a builder that keeps state tied to the context (its
  /// dictionary's interned names) rebuilds it when this changes.
  // why: one thread at a time (the class's contract); a dynamic check cost ≈ 80 instructions an access.
  @exclusivity(unchecked) public private(set) var generation = 0
  private let handler: xmlSAXHandler
  private let reusesContext: Bool
  // why: one thread at a time; a dynamic exclusivity check cost ≈ 80 instructions an access.
  @exclusivity(unchecked) private var context: xmlParserCtxtPtr?
  @exclusivity(unchecked) private var parsesSinceRenewal = 0

  /// A front-end with a size cap in bytes (at most `Int32.max`, libxml2's limit), calling
  /// `elements`' callbacks. `reusesContext: false` gives each document a context of its own.
  public init(maxBytes: Int, elements: XMLElementCallbacks, reusesContext: Bool = true) {
    _ = Self.libraryReady
    self.maxBytes = min(maxBytes, Int(Int32.max))
    self.reusesContext = reusesContext
    handler = XMLHardening.handler(elements)
  }

  deinit {
    if let context { xmlFreeParserCtxt(context) }
  }

  /// libxml2 must be initialised once before threads parse concurrently.
  private static let libraryReady: Bool = {
    xmlInitParser()
    return true
  }()

  /// Readies the parse of a document of `count` bytes: refuses it over the cap or empty, and
  /// answers the context to parse with (a fresh one when due: check `generation`).
  public func begin(count: Int) -> Result<xmlParserCtxtPtr, Refusal> {
    guard count <= maxBytes else { return .failure(.tooLarge(bytes: count, cap: maxBytes)) }
    guard count > 0 else { return .failure(.empty) }
    parsesSinceRenewal += 1
    if context == nil || !reusesContext || parsesSinceRenewal > Self.renewalInterval { renew() }
    guard let context else { return .failure(.noParser) }
    return .success(context)
  }

  /// Runs libxml2 over `bytes` on the context `begin` answered, with `box` reachable from every
  /// callback; what went wrong is in the answer, and the builder's own state in `box`.
  public func read(_ bytes: UnsafeRawBufferPointer, context: xmlParserCtxtPtr, box: XMLParseBox)
    -> XMLReadOutcome
  {
    box.resetProblems()
    context.pointee._private = Unmanaged.passUnretained(box).toOpaque()
    if let base = bytes.baseAddress, bytes.count <= maxBytes,
      let leftover = xmlCtxtReadMemory(
        context, base.assumingMemoryBound(to: CChar.self), Int32(truncatingIfNeeded: bytes.count), nil, nil,
        Self.options)
    {
      // The SAX handler builds no tree, but libxml2 makes a document of its own for a DOCTYPE
      // that declares entities (to hold them) and hands it back; free it, or each such input leaks.
      xmlFreeDoc(leftover)
    }
    context.pointee._private = nil
    let outcome = XMLReadOutcome(
      wellFormed: context.pointee.wellFormed != 0, error: box.firstError, refusedEntity: box.refusedEntity,
      warnings: box.warnings)
    if !reusesContext {
      xmlFreeParserCtxt(context)
      self.context = nil
    }
    return outcome
  }

  private func renew() {
    if let context { xmlFreeParserCtxt(context) }
    parsesSinceRenewal = 0
    generation += 1
    context = xmlNewParserCtxt()
    context?.pointee.sax.pointee = handler
  }
}

/// The element callbacks a builder gives the front-end; each reaches its box with
/// `XMLParseBox.reach` (libxml2 passes the parser context as `ctx`).
public struct XMLElementCallbacks: Sendable {
  /// Start tags.
  public var start: startElementNsSAX2Func?
  /// End tags.
  public var end: endElementNsSAX2Func?
  /// Character data (and CDATA); nil to have none, or to install it only while needed
  /// (`context.pointee.sax.pointee.characters`).
  public var characters: charactersSAXFunc?

  /// Callbacks.
  public init(
    start: startElementNsSAX2Func?, end: endElementNsSAX2Func?, characters: charactersSAXFunc? = nil
  ) {
    self.start = start
    self.end = end
    self.characters = characters
  }
}

/// What a read found wrong.
public struct XMLReadOutcome {
  /// libxml2's verdict (false after a fatal error).
  public let wellFormed: Bool
  /// libxml2's first error (line and message).
  public let error: XMLProblem?
  /// The first entity declaration met (the parser stopped there).
  public let refusedEntity: XMLEntityRefusal?
  /// Problems that do not refuse the document (undeclared namespace prefixes).
  public let warnings: [XMLProblem]

  /// Whether the document is to be refused as not well-formed.
  public var failed: Bool { !wellFormed || error != nil }
}

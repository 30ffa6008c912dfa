import CLibXML2
import Foundation
import HardenedXML

/// Parses VAST documents through the hardened libxml2 front-end (`XMLFrontEnd`: no network, no
/// DTD loading, entity declarations refused, a size cap) into a `VASTDocument`. A namespace
/// prefix used without its declaration is an issue, not a refusal (`XMLHardening`).
///
/// A parser keeps one libxml2 context and reuses it across documents; it is not thread-safe,
/// so give each thread (or task) its own. `VASTParser.parse` makes a fresh one per call.
/// One thread at a time.
public final class VASTParser {
  /// Documents larger than this (bytes) are refused with code 100 (default 1 MiB).
  public var maxBytes: Int { frontEnd.maxBytes }
  private let frontEnd: XMLFrontEnd
  // why: one thread at a time (see above); a dynamic exclusivity check on each access cost
  // ≈ 80 instructions, three a document.
  @exclusivity(unchecked) private var box: ParseBox?
  @exclusivity(unchecked) private var boxGeneration = 0

  /// A parser with a size cap in bytes.
  public init(maxBytes: Int = 1 << 20) {
    frontEnd = XMLFrontEnd(maxBytes: maxBytes, elements: SAXCallbacks.elements)
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
    let context: xmlParserCtxtPtr
    switch frontEnd.begin(count: bytes.baseAddress == nil ? 0 : bytes.count) {
    case .success(let ready): context = ready
    case .failure(let refusal): return .failure(Self.refused(refusal))
    }
    // The builder holds names interned in the context's dictionary: a new context, a new builder.
    if box == nil || boxGeneration != frontEnd.generation {
      box = ParseBox(builder: VASTBuilder(names: InternedNames(context.pointee.dict), context: context))
      boxGeneration = frontEnd.generation
    }
    guard let box else { return .failure(VASTError(.undefined, "libxml2 could not create a parser")) }
    box.builder.reset(input: bytes)
    defer { box.builder.input = UnsafeRawBufferPointer(start: nil, count: 0) }
    let outcome = frontEnd.read(bytes, context: context, box: box)
    if let failure = box.builder.failure { return .failure(failure) }
    if outcome.refusedEntity != nil || outcome.failed || !box.builder.sawRoot {
      return .failure(Self.unreadable(outcome))
    }
    var document = box.builder.takeDocument()
    if !outcome.warnings.isEmpty { document.issues = VASTIssue.merge(document.issues, outcome.warnings) }
    return .success(document)
  }

  // The errors are made out of line: their text kept off the lines every document's parse reads.

  /// Why the front-end would not parse the bytes.
  @inline(never)
  private static func refused(_ refusal: XMLFrontEnd.Refusal) -> VASTError {
    switch refusal {
    case .tooLarge(let count, let cap):
      VASTError(.xmlParsing, "the document is \(count) bytes, over the \(cap)-byte cap")
    case .empty: VASTError(.xmlParsing, "the document is empty")
    case .noParser: VASTError(.undefined, "libxml2 could not create a parser")
    }
  }

  /// Why a document the builder accepted is not one: an entity declaration, libxml2's error, or
  /// no root element.
  @inline(never)
  private static func unreadable(_ outcome: XMLReadOutcome) -> VASTError {
    if let entity = outcome.refusedEntity {
      return VASTError(
        .xmlParsing, "line \(entity.line): entity declarations are not allowed (entity '\(entity.name)')")
    }
    if outcome.failed {
      return VASTError(.xmlParsing, outcome.error?.description ?? "the document is not well-formed XML")
    }
    return VASTError(.xmlParsing, "the document has no root element")
  }
}

/// What the C callbacks reach through the context's `_private` pointer. The builder is a
/// struct so that each callback costs one exclusivity check, not one per field it touches.
final class ParseBox: XMLParseBox {
  // why: only libxml2's callbacks reach it during a read, one at a time.
  @exclusivity(unchecked) var builder: VASTBuilder
  init(builder: VASTBuilder) { self.builder = builder }

  // Forwarders: mutating the builder from inside the class keeps the access in place.
  func startElement(
    _ localname: UnsafePointer<xmlChar>?, _ namespaceCount: Int32,
    _ namespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, _ count: Int32,
    _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
  ) {
    builder.startElement(localname, namespaceCount, namespaces, count, attributes)
  }

  func endElement() { builder.end() }

  func characters(_ characters: UnsafePointer<xmlChar>?, _ length: Int32) {
    builder.characters(characters, length)
  }
}

extension VASTIssue {
  /// `issues` with the front-end's `warnings` among them, in line order (stable); the
  /// warnings' lines less `linesBefore` (those of an outer document, for a nested one).
  static func merge(_ issues: [VASTIssue], _ warnings: [XMLProblem], linesBefore: Int = 0) -> [VASTIssue] {
    var result: [VASTIssue] = []
    result.reserveCapacity(issues.count + warnings.count)
    var pending = warnings.map { VASTIssue(line: $0.line - linesBefore, message: $0.message) }[...]
    for issue in issues {
      while let next = pending.first, next.line <= issue.line {
        result.append(next)
        pending = pending.dropFirst()
      }
      result.append(issue)
    }
    result += pending
    return result
  }
}

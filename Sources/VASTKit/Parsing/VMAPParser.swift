import CLibXML2
import Foundation
import HardenedXML

/// Parses VMAP 1.0.1 documents through the hardened libxml2 front-end (`XMLFrontEnd`, as
/// `VASTParser` does). The VAST inside `<vmap:VASTAdData>` is read in the same pass, as if cut
/// out and parsed on its own; a bad one fails its break alone (1006).
///
/// One thread at a time: give each thread its own, or use `VMAPParser.parse`.
public final class VMAPParser {
  /// Documents larger than this (bytes) are refused with 1002 (default 1 MiB).
  public var maxBytes: Int { frontEnd.maxBytes }
  private let frontEnd: XMLFrontEnd
  // why: one thread at a time; a dynamic exclusivity check cost ≈ 80 instructions an access.
  @exclusivity(unchecked) private var box: VMAPParseBox?
  @exclusivity(unchecked) private var boxGeneration = 0

  /// A parser with a size cap in bytes.
  public init(maxBytes: Int = 1 << 20) {
    frontEnd = XMLFrontEnd(maxBytes: maxBytes, elements: VMAPSAX.elements)
  }

  /// Parses one document with a fresh parser.
  public static func parse(_ data: Data, maxBytes: Int = 1 << 20) throws(VMAPError) -> VMAPDocument {
    try VMAPParser(maxBytes: maxBytes).parse(data)
  }

  /// Whether the document's root element is `VMAP` (any prefix); a cheap look at the bytes.
  public static func isVMAP(_ data: Data) -> Bool {
    guard let name = RootName.of(data) else { return false }
    return name == "VMAP" || name.hasSuffix(":VMAP")
  }

  /// Parses one document.
  public func parse(_ data: Data) throws(VMAPError) -> VMAPDocument {
    let context: xmlParserCtxtPtr
    switch frontEnd.begin(count: data.count) {
    case .success(let ready): context = ready
    case .failure(.tooLarge(let count, let cap)):
      throw VMAPError(.parsing, "the document is \(count) bytes, over the \(cap)-byte cap")
    case .failure(.empty): throw VMAPError(.parsing, "the document is empty")
    case .failure(.noParser): throw VMAPError(.parsing, "libxml2 could not create a parser")
    }
    // The builder holds names interned in the context's dictionary: a new context, a new builder.
    let box: VMAPParseBox
    if let reused = self.box, boxGeneration == frontEnd.generation {
      box = reused
    } else {
      let dictionary = context.pointee.dict
      box = VMAPParseBox(
        builder: VMAPBuilder(
          context: context, known: InternedNames(dictionary), vast: InternedNames(dictionary)))
      self.box = box
      boxGeneration = frontEnd.generation
    }
    let outcome = data.withUnsafeBytes { bytes in
      box.builder.reset(input: bytes)
      defer { box.builder.input = UnsafeRawBufferPointer(start: nil, count: 0) }
      return frontEnd.read(bytes, context: context, box: box)
    }
    if let failure = box.builder.failure { throw failure }
    if let entity = outcome.refusedEntity {
      throw VMAPError(.parsing, "line \(entity.line): entity declarations are not allowed")
    }
    if outcome.failed {
      throw VMAPError(.parsing, outcome.error?.description ?? "the document is not well-formed XML")
    }
    guard box.builder.sawRoot else { throw VMAPError(.parsing, "the document has no root element") }
    var document = box.builder.takeDocument()
    if !outcome.warnings.isEmpty { document.issues = VASTIssue.merge(document.issues, outcome.warnings) }
    // Moved out of the builder in order (a loop over the array copied every document).
    var inlines: [VMAPBuilder.InlineVAST] = []
    swap(&inlines, &box.builder.inlineVAST)
    inlines.reverse()
    while let inline = inlines.popLast() { place(inline, into: &document) }
    return document
  }

  /// Puts one inline `<VAST>` into its break's source, or fails that break with 1006.
  private func place(_ inline: VMAPBuilder.InlineVAST, into document: inout VMAPDocument) {
    switch inline.result {
    case .success(let vast):
      document.adBreaks[inline.breakIndex].adSource?.content = .vastAdData(vast: vast)
    case .failure(let error):
      document.adBreaks[inline.breakIndex].error = VMAPError(
        .adResponseParsing,
        "line \(inline.line): the VAST in VASTAdData is unusable: \(error) (lines counted from its <VAST> tag)"
      )
    }
  }
}

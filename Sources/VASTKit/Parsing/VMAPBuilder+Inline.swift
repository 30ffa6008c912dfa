import CLibXML2
import HardenedXML

/// Inline VAST (`<vmap:VASTAdData><VAST …>`), read in the VMAP pass by a `VASTBuilder` fed the
/// events between the `<VAST>` tags. It gives the document that cutting the element out and
/// parsing it on its own gave — issues, errors and lines counted from its `<VAST>` tag, raw XML
/// carrying the namespace declarations in scope — without a second libxml2 pass over its bytes.
extension VMAPBuilder {
  typealias Pointers = UnsafeMutablePointer<UnsafePointer<xmlChar>?>?

  /// Readies for an inline document: libxml2 reports what a start tag's prefixes lack before
  /// the start-element event, so its warnings are counted apart from the moment `VASTAdData`
  /// opens (or the previous inline document in it ends) until that document ends.
  func awaitInline() { parseBox?.beginNested() }

  /// Stops waiting for an inline document (`VASTAdData` has ended).
  func stopAwaitingInline() { _ = parseBox?.endNested() }

  /// Starts the inline document at its root's start tag (`beginCapture` has found where it is).
  mutating func beginInline(
    _ localname: UnsafePointer<xmlChar>?, _ namespaceCount: Int32, _ declarations: Pointers,
    _ count: Int32, _ attributes: Pointers
  ) {
    inline.reset(input: input)
    // Lines count from the line of `<VAST`: the start tag may span lines before this event.
    var newlines = 0
    // libxml2 answers -1 for the bytes consumed once an encoding conversion has failed.
    for index in captureStart..<max(captureStart, position) where input[index] == UInt8(ascii: "\n") {
      newlines += 1
    }
    inline.linesBefore = captureLine - newlines - 1
    // What the cut-out root's start tag carried first: the declarations of its ancestors.
    inline.namespaces.enter(depth: 1, namespaces.inheritedDeclarations(at: names.count))
    inline.startElement(localname, namespaceCount, declarations, count, attributes)
  }

  /// Hands a start tag inside the inline document to its builder, unless it has rejected it.
  mutating func forwardStart(
    _ localname: UnsafePointer<xmlChar>?, _ namespaceCount: Int32, _ declarations: Pointers,
    _ count: Int32, _ attributes: Pointers
  ) {
    guard case .none = inline.failure else { return }
    inline.startElement(localname, namespaceCount, declarations, count, attributes)
  }

  /// Ends the inline document at its root's end tag and answers it, or why it is rejected.
  mutating func endInline() -> Result<VASTDocument, VASTError> {
    if case .none = inline.failure { inline.end() }
    inline.collecting = false
    let warnings = parseBox?.endNested() ?? []
    if let failure = inline.failure { return .failure(failure) }
    var document = inline.takeDocument()
    if !warnings.isEmpty {
      document.issues = VASTIssue.merge(document.issues, warnings, linesBefore: inline.linesBefore)
    }
    return .success(document)
  }

  /// The box of the parse (it records libxml2's warnings).
  var parseBox: XMLParseBox? { XMLParseBox.of(UnsafeMutableRawPointer(context), as: XMLParseBox.self) }
}

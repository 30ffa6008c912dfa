import CLibXML2
import HardenedXML

/// Builds a `VASTDocument` from SAX events. One builder per parse; state is the chain of open
/// model objects (ad, creative, linear, …), committed to their parent when their element ends.
///
/// A builder reads either a document of its own (`VASTParser`) or one nested in another
/// (a VMAP's inline VAST, fed by `VMAPBuilder`): then it does not stop the parser when it
/// rejects its document, and counts lines from its root's start tag.
struct VASTBuilder {
  let names: InternedNames<XMLName>
  let context: xmlParserCtxtPtr
  /// The character-data callback to install in text elements (the one of the parse's box).
  let charactersCallback: charactersSAXFunc
  /// Whether rejecting the document stops the parser (false for a nested document).
  let stopsParser: Bool
  /// The lines of the outer document before the nested one's root (0 for a document of its own).
  var linesBefore = 0
  /// The document bytes, for cutting raw XML out of them.
  var input: UnsafeRawBufferPointer

  var document = VASTDocument(version: "")
  /// Set when the document must be rejected; the parser is stopped at once.
  var failure: VASTError?
  /// The names of the open elements (nil for names the parser ignores).
  var stack = ElementStack()
  var text = TextBuffer()
  /// Whether character data is kept. libxml2 gets a `characters` callback only while it is,
  /// so the white space between elements costs no call into Swift. (Written each time: testing
  /// for a change first was a branch mispredicted at each turn between text and other elements.)
  var collecting = false {
    didSet { context.pointee.sax.pointee.characters = collecting ? charactersCallback : nil }
  }
  /// The known attributes of the open element (kept until the next known element starts, so a
  /// text element's are there at its end).
  var attributes = AttributeBytes<XMLName>()
  var sawRoot = false
  /// The stack depth of an open raw element, -1 when none, and where its start tag begins.
  var rawDepth = -1
  var rawStart = 0
  /// The namespace declarations in scope, and those the open raw element inherits (put on its
  /// start tag when it is handed out, so that it parses on its own).
  var namespaces = XMLNamespaceScope()
  var rawNamespaces = ""

  var ad: VASTAd?
  var adHasContent = false
  var wrapperInfo: VASTWrapperInfo?
  var creative: VASTCreative?
  var linear: VASTLinear?
  var nonLinearAds: VASTNonLinearAds?
  var nonLinear: VASTNonLinear?
  var companionAds: VASTCompanionAds?
  var companion: VASTCompanion?
  var icon: VASTIcon?
  var viewable: VASTViewableImpression?

  init(
    names: InternedNames<XMLName>, context: xmlParserCtxtPtr,
    characters: charactersSAXFunc = SAXCallbacks.characters, stopsParser: Bool = true
  ) {
    self.names = names
    self.context = context
    self.charactersCallback = characters
    self.stopsParser = stopsParser
    self.input = UnsafeRawBufferPointer(start: nil, count: 0)
  }

  /// Readies the builder for a new document, keeping its buffers' capacity. The open model
  /// objects are cleared only after a document that ended early (one that ended well leaves
  /// none): assigning nil to each wrote its whole struct and destroyed the old value, ≈ 1 k
  /// instructions a call, and testing each inline put ≈ 1 kB of code on every document's path.
  mutating func reset(input: UnsafeRawBufferPointer) {
    self.input = input
    if !document.isBlank { document = VASTDocument(version: "") }
    failure = nil
    // Each open object is taken when its element ends: only a document that ended early (its
    // elements still open) leaves any.
    if stack.count != 0 { clearOpenObjects() }
    stack.removeAll()
    text.removeAll()
    attributes.removeAll()
    collecting = false
    sawRoot = false
    rawDepth = -1
    namespaces.removeAll()
    adHasContent = false
  }

  /// Clears the open model objects (out of line: run only after a document that ended early).
  @inline(never)
  private mutating func clearOpenObjects() {
    if case .some = ad { ad = nil }
    if case .some = wrapperInfo { wrapperInfo = nil }
    if case .some = creative { creative = nil }
    if case .some = linear { linear = nil }
    if case .some = nonLinearAds { nonLinearAds = nil }
    if case .some = nonLinear { nonLinear = nil }
    if case .some = companionAds { companionAds = nil }
    if case .some = companion { companion = nil }
    if case .some = icon { icon = nil }
    if case .some = viewable { viewable = nil }
  }

  /// Hands over the document, leaving an empty one.
  mutating func takeDocument() -> VASTDocument {
    var taken = VASTDocument(version: "")
    swap(&taken, &document)
    return taken
  }

  /// The current line of the parser.
  var line: Int { Int(context.pointee.input?.pointee.line ?? 0) - linesBefore }

  /// Rejects the document with `code` and stops the parser (a nested document's feeder stops
  /// feeding it instead).
  mutating func fail(_ code: VASTErrorCode, _ message: String) {
    if failure == nil { failure = VASTError(code, "line \(line): \(message)") }
    if stopsParser { xmlStopParser(context) }
  }

  /// Notes a problem that does not reject the document.
  mutating func note(_ message: String) {
    document.issues.append(VASTIssue(line: line, message: message))
  }

  /// The value of attribute `name` of the open element (inlined: a non-mutating method called from a mutating one copied the whole builder first).
  @inline(__always) func attribute(_ name: XMLName) -> String? { attributes.value(name) }

  /// The value of attribute `name`, as the literal `known` answers for its exact bytes (no
  /// `String` made, checked or, past 15 bytes, allocated), else as `attribute` reads it.
  @inline(__always)
  func attribute(_ name: XMLName, known: (UnsafeBufferPointer<UInt8>) -> String?) -> String? {
    switch attributes.exactValue(name, known) {
    case .absent: nil
    case .value(let value): value
    case .other: attributes.value(name)
    }
  }

  /// The whole numbers VAST attributes may hold (sizes in pixels, bitrates in kbit/s, sequence
  /// numbers): none is negative, and 2^31 − 1 keeps every product or sum of two of them far from
  /// `Int`'s limits. Anything else is noted as an issue and read as absent.
  static let attributeRange = 0...2_147_483_647

  mutating func integer(_ value: String?, _ what: String, in range: ClosedRange<Int> = attributeRange) -> Int?
  {
    guard let value else { return nil }
    if let number = Int(value) ?? Int(value.trimmingWhitespace()), range.contains(number) { return number }
    note("\(what) '\(value)' is not a whole number from \(range.lowerBound) to \(range.upperBound)")
    return nil
  }

  /// The whole number in attribute `name`, read from its bytes when it is plain digits in
  /// `range` (no `String` made), else as `integer(_:_:in:)` reads its text.
  mutating func integer(_ name: XMLName, _ what: String, in range: ClosedRange<Int> = attributeRange) -> Int?
  {
    switch attributes.plainInteger(name) {
    case .absent: return nil
    case .value(let number) where range.contains(number): return number
    default: return integer(attribute(name), what, in: range)
    }
  }

  /// The boolean in attribute `name`, read from its bytes when written in one of the usual
  /// spellings, else as `bool(_:_:)` reads its text.
  mutating func bool(_ name: XMLName, _ what: String) -> Bool? {
    switch attributes.plainBool(name) {
    case .absent: return nil
    case .value(let value): return value
    case .other: return bool(attribute(name), what)
    }
  }

  mutating func bool(_ value: String?, _ what: String) -> Bool? {
    guard let value else { return nil }
    switch value {
    case "true", "1", "TRUE", "True": return true
    case "false", "0", "FALSE", "False": return false
    default:
      switch value.trimmingWhitespace().lowercased() {
      case "true", "1": return true
      case "false", "0": return false
      default: break
      }
      note("\(what) '\(value)' is not true or false")
      return nil
    }
  }

  mutating func offset(_ value: String?, _ what: String) -> VASTOffset? {
    guard let value else { return nil }
    if let offset = VASTOffset(parsing: value) { return offset }
    note("\(what) '\(value)' is neither HH:MM:SS(.mmm) nor a percentage 0–100")
    return nil
  }

  /// The byte position the parser has reached in the input.
  var position: Int { Int(xmlByteConsumed(context)) }

  /// Starts keeping an element as raw XML.
  mutating func beginRaw() {
    rawDepth = stack.count
    var index = min(position, input.count) - 1
    while index > 0 && input[index] != UInt8(ascii: "<") { index -= 1 }
    rawStart = max(0, index)
    rawNamespaces = namespaces.inherited(at: stack.count)
  }

  /// Ends raw XML and returns it, with the namespace declarations it inherits on its root.
  mutating func endRaw() -> String {
    rawDepth = -1
    let end = min(position, input.count)
    guard rawStart < end else { return "" }
    return XMLNamespaceScope.spliced(
      rawNamespaces, into: UnsafeRawBufferPointer(rebasing: input[rawStart..<end]))
  }
}

extension VASTDocument {
  /// Whether it is the empty document a builder starts from (what `takeDocument` leaves).
  var isBlank: Bool { version.isEmpty && errors.isEmpty && ads.isEmpty && issues.isEmpty }
}

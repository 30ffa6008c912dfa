import CLibXML2
import HardenedXML

/// Builds a `VMAPDocument` from SAX events. Inline VAST is handed to a `VASTBuilder` in the
/// same pass (`VMAPBuilder+Inline`); extensions and custom ad data are not walked: their byte
/// ranges are cut out of the input when their element ends.
struct VMAPBuilder {
  /// A `<VAST>` inside `<vmap:VASTAdData>`, read in the VMAP pass and put into its break once
  /// the pass is over.
  struct InlineVAST {
    let breakIndex: Int
    let line: Int
    let result: Result<VASTDocument, VASTError>
  }

  enum Capture { case vast, extensions, customAdData }

  let context: xmlParserCtxtPtr
  let known: InternedNames<VMAPName>
  /// Reads the inline VAST documents.
  var inline: VASTBuilder
  var input = UnsafeRawBufferPointer(start: nil, count: 0)
  var document = VMAPDocument(version: "")
  var failure: VMAPError?
  var sawRoot = false
  var inlineVAST: [InlineVAST] = []

  /// The open elements' local names, interned in the context's dictionary (alive for the parse).
  var names: [UnsafePointer<xmlChar>?] = []
  var namespaces = XMLNamespaceScope()
  var attributes = AttributeBytes<VMAPName>()
  private var text = TextBuffer()
  /// Whether character data is kept; libxml2 calls back with text only while it is.
  private var collecting = false {
    didSet {
      if collecting != oldValue {
        context.pointee.sax.pointee.characters = collecting ? VMAPSAX.characters : nil
      }
    }
  }
  var capture: Capture?
  var skipped = 0
  var captureStart = 0
  var captureLine = 0
  /// The declarations in scope at the captured element, for its cut-out root.
  private var captureNamespaces = ""
  var adBreak: VMAPAdBreak?
  private var adSource: VMAPAdSource?
  private var sourceHasData = false
  private var inVASTAdData = false
  private var vastInData = false

  init(context: xmlParserCtxtPtr, known: InternedNames<VMAPName>, vast: InternedNames<XMLName>) {
    self.context = context
    self.known = known
    inline = VASTBuilder(names: vast, context: context, characters: VMAPSAX.characters, stopsParser: false)
  }

  /// Readies the builder for a new document, keeping its buffers' capacity.
  mutating func reset(input: UnsafeRawBufferPointer) {
    self.input = input
    document = VMAPDocument(version: "")
    failure = nil
    sawRoot = false
    inlineVAST.removeAll(keepingCapacity: true)
    names.removeAll(keepingCapacity: true)
    namespaces.removeAll()
    attributes.removeAll()
    text.removeAll()
    collecting = false
    capture = nil
    skipped = 0
    adBreak = nil
    adSource = nil
    sourceHasData = false
    inVASTAdData = false
    vastInData = false
    inline.reset(input: input)
  }

  /// Hands over the document, leaving an empty one.
  mutating func takeDocument() -> VMAPDocument {
    var taken = VMAPDocument(version: "")
    swap(&taken, &document)
    return taken
  }

  /// The local name of an open element, for messages.
  private static func string(_ name: UnsafePointer<xmlChar>?) -> String {
    name.map { String(cString: $0) } ?? ""
  }

  /// The current line of the parser.
  var line: Int { Int(context.pointee.input?.pointee.line ?? 0) }

  /// Rejects the document with `code` and stops the parser.
  mutating func fail(_ code: VMAPErrorCode, _ message: String) {
    if failure == nil { failure = VMAPError(code, "line \(line): \(message)") }
    xmlStopParser(context)
  }

  mutating func note(_ message: String) {
    document.issues.append(VASTIssue(line: line, message: message))
  }

  /// Fails the open break alone (the first problem wins).
  mutating func failBreak(_ code: VMAPErrorCode, _ message: String) {
    let error = VMAPError(code, "line \(line): \(message)")
    // Without an open break the assignment does nothing.
    if adBreak?.error == nil { adBreak?.error = error }
  }

  var position: Int { min(Int(xmlByteConsumed(context)), input.count) }

  mutating func start(
    _ localname: UnsafePointer<xmlChar>?, _ namespaceCount: Int32,
    _ declarations: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, _ count: Int32,
    _ attributeArray: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
  ) {
    // Inside a cut-out element only the nesting is counted: no names, no attributes; inside
    // inline VAST the VAST builder gets the event.
    if capture != nil {
      skipped += 1
      if capture == .vast { forwardStart(localname, namespaceCount, declarations, count, attributeArray) }
      return
    }
    names.append(localname)
    let name = known.name(localname)
    if namespaceCount > 0 { namespaces.enter(depth: names.count, namespaceCount, declarations) }
    if !attributes.isEmpty { attributes.removeAll() }
    if let attributeArray {
      for index in 0..<Int(count) {
        let base = attributeArray + index * 5
        guard let key = known.name(base[0]), let start = base[3], let end = base[4] else { continue }
        attributes.append(key, start, end)
      }
    }
    text.removeAll()
    collecting = false
    if !sawRoot {
      sawRoot = true
      root(name, localname)
      return
    }
    if inVASTAdData {
      beginCapture(.vast)
      beginInline(localname, namespaceCount, declarations, count, attributeArray)
      return
    }
    startKnown(name)
  }

  private mutating func root(_ name: VMAPName?, _ localname: UnsafePointer<xmlChar>?) {
    guard name == .vmap else {
      fail(.schema, "the root element is <\(Self.string(localname))>, expected <vmap:VMAP>")
      return
    }
    let version = attributes.trimmedValue(.version) ?? ""
    document.version = version
    if version.isEmpty {
      fail(.schema, "<vmap:VMAP> has no version attribute (expected 1.0)")
    } else if version != "1" && !version.hasPrefix("1.") {
      fail(.unsupportedVersion, "VMAP version '\(version)' is not supported (expected 1.0)")
    }
  }

  private mutating func startKnown(_ name: VMAPName?) {
    switch name {
    case .adBreak:
      guard names.count == 2 else {
        let parent = Self.string(names.dropLast().last ?? nil)
        fail(.schema, "<vmap:AdBreak> inside <\(parent)>, expected it under <vmap:VMAP>")
        return
      }
      startBreak()
    case .adSource:
      // Filled in place: a source built apart was copied when assigned.
      let allowMultipleAds = bool(.allowMultipleAds)
      let followRedirects = bool(.followRedirects)
      adSource = VMAPAdSource()
      adSource?.id = attributes.value(.id)
      adSource?.allowMultipleAds = allowMultipleAds
      adSource?.followRedirects = followRedirects
      sourceHasData = false
    case .vastAdData, .vastData:
      sourceHasData = true
      inVASTAdData = true
      vastInData = false
      awaitInline()
    case .adTagURI, .tracking: collecting = true
    case .customAdData:
      sourceHasData = true
      beginCapture(.customAdData)
    case .extensions: beginCapture(.extensions)
    default: break
    }
  }

  mutating func characters(_ characters: UnsafePointer<xmlChar>?, _ length: Int32) {
    if capture == .vast {
      if case .none = inline.failure { inline.characters(characters, length) }
      return
    }
    guard collecting, let characters else { return }
    text.append(characters, Int(length))
  }

  mutating func end() {
    if capture != nil && skipped > 0 {
      skipped -= 1
      if capture == .vast, case .none = inline.failure { inline.end() }
      return
    }
    namespaces.leave(depth: names.count)
    let localname = names.popLast() ?? nil
    if capture != nil {
      endCapture()
      return
    }
    let value = collecting ? text.trimmedString() : ""
    collecting = false
    switch known.name(localname) {
    case .adBreak:
      guard let line = adBreak?.line else { return }
      if case .none = adBreak?.adSource, case .none = adBreak?.error {
        note("AdBreak (line \(line)) has no AdSource: it only tracks")
      }
      // Room for a schedule's usual breaks at once: growing one by one moved them three times.
      if document.adBreaks.isEmpty { document.adBreaks.reserveCapacity(8) }
      if let finished = adBreak.take() { document.adBreaks.append(consume finished) }
    case .adSource:
      if !sourceHasData { failBreak(.schema, "AdSource has none of VASTAdData, AdTagURI or CustomAdData") }
      adBreak?.adSource = adSource.take()
    case .vastAdData, .vastData:
      inVASTAdData = false
      stopAwaitingInline()
      if !vastInData { failBreak(.adResponseParsing, "\(Self.string(localname)) holds no <VAST> document") }
    case .adTagURI:
      sourceHasData = true
      if value.isEmpty { failBreak(.schema, "AdTagURI is empty (expected a URL)") }
      adSource?.content = .adTagURI(url: value, templateType: attributes.value(.templateType))
    case .tracking:
      let event: String
      switch attributes.knownValue(.event, KnownValues.vmapTrackingEvent) {
      case .value(let known): event = known
      case .absent: event = ""
      case .other: event = attributes.trimmedValue(.event) ?? ""
      }
      guard event == "breakStart" || event == "breakEnd" || event == "error" else {
        note("Tracking event '\(event)' is not breakStart, breakEnd or error")
        return
      }
      guard !value.isEmpty else { return }
      // Room for the three events a break tracks at once (grown one by one, it moved twice).
      if adBreak?.trackingEvents.isEmpty == true { adBreak?.trackingEvents.reserveCapacity(3) }
      adBreak?.trackingEvents.append(VMAPTracking(event: event, url: value))
    default: break
    }
  }

  private mutating func beginCapture(_ kind: Capture) {
    capture = kind
    captureLine = line
    if kind != .vast { captureNamespaces = namespaces.inherited(at: names.count) }
    var index = position - 1
    while index > 0 && input[index] != UInt8(ascii: "<") { index -= 1 }
    captureStart = max(0, index)
    if kind == .vast {
      vastInData = true
      inVASTAdData = false
    }
  }

  private mutating func endCapture() {
    let range = captureStart..<max(captureStart, position)
    let kind = capture
    capture = nil
    switch kind {
    case .vast:
      inVASTAdData = true
      inlineVAST.append(
        InlineVAST(breakIndex: document.adBreaks.count, line: captureLine, result: endInline()))
      awaitInline()
    case .extensions:
      let xml = capturedXML(range)
      // `if case` looks at the break in place (`adBreak != nil` copied it first).
      if case .some = adBreak { adBreak?.extensionsXML = xml } else { document.extensionsXML = xml }
    case .customAdData:
      let xml = capturedXML(range)
      adSource?.content = .customAdData(xml: xml, templateType: attributes.value(.templateType))
    case nil: break
    }
  }

  /// The captured element's bytes, with the namespace declarations it inherits on its start tag
  /// (`xmlns:vmap` above all), so that it parses on its own.
  private func capturedXML(_ range: Range<Int>) -> String {
    XMLNamespaceScope.spliced(captureNamespaces, into: UnsafeRawBufferPointer(rebasing: input[range]))
  }
}

import CLibXML2
import Foundation

/// Parses VMAP 1.0.1 documents with libxml2's SAX2 interface, hardened like `VASTParser` (no
/// network, no DTD, entity declarations refused, a size cap). Inline `<vmap:VASTAdData>` is cut
/// out of the bytes and parsed by a `VASTParser`; a bad one fails its break alone (1006).
///
/// Not thread-safe: give each thread its own, or use `VMAPParser.parse`.
public final class VMAPParser {
  /// Documents larger than this (bytes) are refused with 1002 (default 1 MiB).
  public let maxBytes: Int
  private let vastParser: VASTParser
  private var context: xmlParserCtxtPtr?
  private var parsesSinceReset = 0

  /// A parser with a size cap in bytes.
  public init(maxBytes: Int = 1 << 20) {
    self.maxBytes = min(maxBytes, Int(Int32.max))
    vastParser = VASTParser(maxBytes: maxBytes)
    resetContext()
  }

  deinit {
    if let context { xmlFreeParserCtxt(context) }
  }

  /// A fresh libxml2 context (its name dictionary grows with every new name seen).
  private func resetContext() {
    if let context { xmlFreeParserCtxt(context) }
    parsesSinceReset = 0
    context = xmlNewParserCtxt()
    context?.pointee.sax.pointee = VMAPSAX.handler()
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
    guard data.count <= maxBytes else {
      throw VMAPError(.parsing, "the document is \(data.count) bytes, over the \(maxBytes)-byte cap")
    }
    guard !data.isEmpty else { throw VMAPError(.parsing, "the document is empty") }
    parsesSinceReset += 1
    if parsesSinceReset > 2000 { resetContext() }
    guard let context else { throw VMAPError(.parsing, "libxml2 could not create a parser") }
    let box = VMAPParseBox(context: context)
    context.pointee._private = Unmanaged.passUnretained(box).toOpaque()
    let options = Int32(XML_PARSE_NONET.rawValue) | Int32(XML_PARSE_NOCDATA.rawValue)
    data.withUnsafeBytes { bytes in
      box.builder.input = bytes
      if let base = bytes.baseAddress,
        let leftover = xmlCtxtReadMemory(
          context, base.assumingMemoryBound(to: CChar.self), Int32(bytes.count), nil, nil, options)
      {
        xmlFreeDoc(leftover)
      }
      box.builder.input = UnsafeRawBufferPointer(start: nil, count: 0)
    }
    context.pointee._private = nil
    if let failure = box.builder.failure { throw failure }
    if context.pointee.wellFormed == 0 || box.errorMessage != nil {
      throw VMAPError(.parsing, box.errorMessage ?? "the document is not well-formed XML")
    }
    guard box.builder.sawRoot else { throw VMAPError(.parsing, "the document has no root element") }
    var document = box.builder.document
    for pending in box.builder.inlineVAST { parseInline(pending, data: data, into: &document) }
    return document
  }

  /// Parses one cut-out `<VAST>` into its break's source, or fails that break with 1006.
  private func parseInline(_ pending: VMAPBuilder.InlineVAST, data: Data, into document: inout VMAPDocument) {
    var bytes = Data(
      data[data.startIndex + pending.range.lowerBound..<data.startIndex + pending.range.upperBound])
    if let nameEnd = bytes.firstIndex(where: {
      $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0x3E || $0 == 0x2F
    }) {
      bytes.insert(contentsOf: Data(pending.namespaces.utf8), at: nameEnd)
    }
    do {
      let vast = try vastParser.parse(bytes)
      document.adBreaks[pending.breakIndex].adSource?.content = .vastAdData(vast: vast)
    } catch {
      document.adBreaks[pending.breakIndex].error = VMAPError(
        .adResponseParsing,
        "line \(pending.line): the VAST in VASTAdData is unusable: \(error) (lines counted from its <VAST> tag)"
      )
    }
  }
}

/// The first element name of a document, skipping the XML declaration, comments, processing
/// instructions and the DOCTYPE.
enum RootName {
  static func of(_ data: Data) -> String? {
    data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> String? in
      var index = 0
      // UTF-16 and other encodings are left to the parsers: only ASCII-compatible input is looked at.
      while index < bytes.count {
        guard bytes[index] == UInt8(ascii: "<") else {
          index += 1
          continue
        }
        let next = index + 1 < bytes.count ? bytes[index + 1] : 0
        if next == UInt8(ascii: "?") || next == UInt8(ascii: "!") {
          index = skipMarkup(bytes, from: index)
          continue
        }
        var end = index + 1
        while end < bytes.count, !isDelimiter(bytes[end]) { end += 1 }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[(index + 1)..<end]), as: UTF8.self)
      }
      return nil
    }
  }

  /// The index after a comment, processing instruction or DOCTYPE (with its internal subset).
  private static func skipMarkup(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
    func find(_ pattern: String, after offset: Int) -> Int {
      let needle = Array(pattern.utf8)
      var index = offset
      while index + needle.count <= bytes.count {
        if (0..<needle.count).allSatisfy({ bytes[index + $0] == needle[$0] }) { return index + needle.count }
        index += 1
      }
      return bytes.count
    }
    if bytes[start + 1] == UInt8(ascii: "?") { return find("?>", after: start + 2) }
    if start + 3 < bytes.count, bytes[start + 2] == UInt8(ascii: "-"), bytes[start + 3] == UInt8(ascii: "-") {
      return find("-->", after: start + 4)
    }
    var depth = 0
    var index = start + 2
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "["): depth += 1
      case UInt8(ascii: "]"): depth -= 1
      case UInt8(ascii: ">") where depth <= 0: return index + 1
      default: break
      }
      index += 1
    }
    return index
  }

  private static func isDelimiter(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: ">")
      || byte == UInt8(ascii: "/")
  }
}

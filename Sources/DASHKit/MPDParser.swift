import CLibXML2
import Foundation

/// Reads MPDs with libxml2's SAX2 interface, hardened as VASTKit's parsers are: no network, no
/// DTD, entity declarations refused, a size cap. Segment information is read past.
///
/// Not thread-safe: give each thread its own, or use `MPDParser.parse`.
public final class MPDParser {
  /// Documents larger than this (bytes) are refused (default 4 MiB).
  public let maxBytes: Int
  /// The most Periods, and the most Events over all streams, one MPD may hold.
  public static let maxPeriods = 10_000
  public static let maxEvents = 100_000

  /// A parser with a size cap in bytes.
  public init(maxBytes: Int = 4 << 20) {
    self.maxBytes = min(maxBytes, Int(truncatingIfNeeded: Int32.max))
  }

  /// Parses one document with a fresh parser.
  public static func parse(_ data: Data, maxBytes: Int = 4 << 20) throws(MPDError) -> MPD {
    try MPDParser(maxBytes: maxBytes).parse(data)
  }

  /// Parses one document: its Periods placed on the presentation timeline (`MPDLayout`).
  public func parse(_ data: Data) throws(MPDError) -> MPD {
    guard data.count <= maxBytes else {
      throw MPDError("the MPD is \(data.count) bytes, over the \(maxBytes)-byte cap")
    }
    guard !data.isEmpty else { throw MPDError("the MPD is empty") }
    guard let context = xmlNewParserCtxt() else { throw MPDError("libxml2 could not create a parser") }
    defer { xmlFreeParserCtxt(context) }
    context.pointee.sax.pointee = MPDSAX.handler()
    let box = MPDParseBox(context: context)
    context.pointee._private = Unmanaged.passUnretained(box).toOpaque()
    let options = Int32(truncatingIfNeeded: XML_PARSE_NONET.rawValue | XML_PARSE_NOCDATA.rawValue)
    data.withUnsafeBytes { bytes in
      if let base = bytes.baseAddress,
        let leftover = xmlCtxtReadMemory(
          context, base.assumingMemoryBound(to: CChar.self), Int32(truncatingIfNeeded: bytes.count), nil, nil,
          options)
      {
        xmlFreeDoc(leftover)
      }
    }
    context.pointee._private = nil
    if let failure = box.builder.failure { throw failure }
    if context.pointee.wellFormed == 0 || box.errorMessage != nil {
      throw MPDError(box.errorMessage ?? "the MPD is not well-formed XML")
    }
    guard box.builder.sawRoot else { throw MPDError("the MPD has no root element") }
    return try MPDLayout.place(box.builder.mpd, periods: box.builder.periods)
  }
}

/// What the callbacks reach: the builder and libxml2's first error.
final class MPDParseBox {
  var builder: MPDBuilder
  var errorMessage: String?
  init(context: xmlParserCtxtPtr) { builder = MPDBuilder(context: context) }
}

/// The C callbacks of the MPD SAX2 handler; each reaches its `MPDParseBox` through the parser
/// context's `_private` pointer.
enum MPDSAX {
  static func handler() -> xmlSAXHandler {
    var sax = xmlSAXHandler()
    sax.initialized = XML_SAX2_MAGIC
    sax.startElementNs = { ctx, localname, _, _, _, _, count, _, attributes in
      MPDSAX.box(ctx)?.builder.start(localname, count, attributes)
    }
    sax.endElementNs = { ctx, _, _, _ in MPDSAX.box(ctx)?.builder.end() }
    sax.characters = { ctx, characters, length in MPDSAX.box(ctx)?.builder.characters(characters, length) }
    sax.entityDecl = { ctx, _, _, _, _, _ in
      MPDSAX.box(ctx)?.builder.fail("entity declarations are not allowed in an MPD")
    }
    sax.unparsedEntityDecl = { ctx, _, _, _, _ in
      MPDSAX.box(ctx)?.builder.fail("entity declarations are not allowed in an MPD")
    }
    sax.serror = { ctx, error in
      guard let box = MPDSAX.box(ctx), let error, box.errorMessage == nil,
        error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue
      else { return }
      let text = error.pointee.message.map { String(cString: $0) } ?? "XML error \(error.pointee.code)"
      box.errorMessage = "line \(error.pointee.line): " + text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
    return sax
  }

  static func box(_ ctx: UnsafeMutableRawPointer?) -> MPDParseBox? {
    guard let context = ctx?.assumingMemoryBound(to: xmlParserCtxt.self),
      let pointer = context.pointee._private
    else { return nil }
    return Unmanaged<MPDParseBox>.fromOpaque(pointer).takeUnretainedValue()
  }
}

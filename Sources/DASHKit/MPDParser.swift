import CLibXML2
import Foundation
import HardenedXML

/// Reads MPDs through the hardened libxml2 front-end (`XMLFrontEnd`, as VASTKit's parsers do:
/// no network, no DTD, entity declarations refused, a size cap). Segment information is read past.
///
/// One thread at a time: give each thread its own, or use `MPDParser.parse`.
public final class MPDParser {
  /// Documents larger than this (bytes) are refused (default 4 MiB).
  public var maxBytes: Int { frontEnd.maxBytes }
  /// The most Periods, and the most Events over all streams, one MPD may hold.
  public static let maxPeriods = 10_000
  public static let maxEvents = 100_000
  private let frontEnd: XMLFrontEnd

  /// A parser with a size cap in bytes.
  public init(maxBytes: Int = 4 << 20) {
    frontEnd = XMLFrontEnd(maxBytes: maxBytes, elements: MPDSAX.elements, reusesContext: false)
  }

  /// Parses one document with a fresh parser.
  public static func parse(_ data: Data, maxBytes: Int = 4 << 20) throws(MPDError) -> MPD {
    try MPDParser(maxBytes: maxBytes).parse(data)
  }

  /// Parses one document: its Periods placed on the presentation timeline (`MPDLayout`).
  public func parse(_ data: Data) throws(MPDError) -> MPD {
    let context: xmlParserCtxtPtr
    switch frontEnd.begin(count: data.count) {
    case .success(let ready): context = ready
    case .failure(.tooLarge(let count, let cap)):
      throw MPDError("the MPD is \(count) bytes, over the \(cap)-byte cap")
    case .failure(.empty): throw MPDError("the MPD is empty")
    case .failure(.noParser): throw MPDError("libxml2 could not create a parser")
    }
    // The names the builder acts on, interned in this document's dictionary (a fresh context's).
    guard let tag = MPDStartTag(dictionary: context.pointee.dict) else {
      throw MPDError("libxml2 could not intern the MPD's names")
    }
    let box = MPDParseBox(
      builder: MPDBuilder(context: context, names: InternedNames(context.pointee.dict), tag: tag))
    let outcome = data.withUnsafeBytes { frontEnd.read($0, context: context, box: box) }
    if let failure = box.builder.failure { throw failure }
    if let entity = outcome.refusedEntity {
      throw MPDError("line \(entity.line): entity declarations are not allowed in an MPD")
    }
    if outcome.failed { throw MPDError(outcome.error?.description ?? "the MPD is not well-formed XML") }
    guard box.builder.sawRoot else { throw MPDError("the MPD has no root element") }
    var mpd = box.builder.mpd
    // A prefix used without its declaration (`scte35:` in an Event) is noted, not refused.
    mpd.issues = outcome.warnings.map(\.description) + mpd.issues
    return try MPDLayout.place(mpd, periods: box.builder.periods)
  }
}

/// What the callbacks reach: the builder, beside the front-end's record of problems. The builder
/// is a struct mutated in place, without an exclusivity check per callback: only libxml2's
/// callbacks reach it during a read, one at a time.
final class MPDParseBox: XMLParseBox {
  // why: only libxml2's callbacks reach it during a read, one at a time.
  @exclusivity(unchecked) var builder: MPDBuilder
  init(builder: MPDBuilder) { self.builder = builder }

  // Forwarders: mutating the builder from inside the class keeps the access in place.
  func start(
    _ localname: UnsafePointer<xmlChar>?, _ count: Int32,
    _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
  ) {
    builder.start(localname, count, attributes)
  }

  func end() { builder.end() }

  func characters(_ characters: UnsafePointer<xmlChar>?, _ length: Int32) {
    builder.characters(characters, length)
  }
}

/// The MPD builder's C callbacks; each reaches its `MPDParseBox` through the parser context's
/// `_private` pointer, without retaining it. The front-end adds the entity refusal and the error
/// capture.
enum MPDSAX {
  /// Start and end tags; `characters` is installed by the builder only while it keeps text.
  static let elements = XMLElementCallbacks(
    start: { ctx, localname, _, _, _, _, count, _, attributes in
      XMLParseBox.reach(ctx, as: MPDParseBox.self) { $0.start(localname, count, attributes) }
    },
    end: { ctx, _, _, _ in XMLParseBox.reach(ctx, as: MPDParseBox.self) { $0.end() } })

  /// The character-data callback (CDATA too: `XML_PARSE_NOCDATA`).
  static let characters: charactersSAXFunc = { ctx, characters, length in
    XMLParseBox.reach(ctx, as: MPDParseBox.self) { $0.characters(characters, length) }
  }
}

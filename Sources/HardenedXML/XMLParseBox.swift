import CLibXML2

/// What libxml2's callbacks reach through the parser context's `_private` pointer during one
/// read: the front-end's record of what went wrong, and (in a subclass) the user's builder.
/// One thread at a time.
///
/// Its fields are not checked for exclusive access at run time (one thread at a time, and no
/// access overlaps another): the dynamic check cost ≈ 80 instructions an access, eight a read.
open class XMLParseBox {
  // why: one thread at a time, and no access overlaps another (see above), on every callback.
  /// libxml2's first error.
  @exclusivity(unchecked) public internal(set) var firstError: XMLProblem?
  /// The first entity declaration met.
  @exclusivity(unchecked) public internal(set) var refusedEntity: XMLEntityRefusal?
  /// Problems that do not refuse the document.
  @exclusivity(unchecked) public internal(set) var warnings: [XMLProblem] = []
  /// The prefixes already warned about.
  @exclusivity(unchecked) var undeclaredPrefixes: Set<String> = []
  /// While a nested document is read (`beginNested`): the prefixes warned about inside it.
  @exclusivity(unchecked) var nestedPrefixes: Set<String>?
  /// The warnings of the nested document, as reading it on its own would give them.
  @exclusivity(unchecked) var nestedWarnings: [XMLProblem] = []

  /// An empty box.
  public init() {}

  func resetProblems() {
    // Most reads leave nothing to reset: each assignment destroyed the old value first.
    if case .some = firstError { firstError = nil }
    if case .some = refusedEntity { refusedEntity = nil }
    if case .some = nestedPrefixes { nestedPrefixes = nil }
    if !nestedWarnings.isEmpty { nestedWarnings.removeAll() }
    if !warnings.isEmpty {
      warnings.removeAll()
      undeclaredPrefixes.removeAll()
    }
  }

  /// Starts counting the warnings of a document nested in the one being read (a VMAP's inline
  /// VAST) apart, as if it were read on its own: each prefix is warned about once inside it,
  /// whatever the outer document warned about before. The outer warnings are unchanged.
  public func beginNested() {
    nestedPrefixes = []
    nestedWarnings.removeAll()
  }

  /// Ends the nested document and answers its warnings.
  public func endNested() -> [XMLProblem] {
    nestedPrefixes = nil
    defer { nestedWarnings.removeAll() }
    return nestedWarnings
  }

  /// Runs `body` on the box of the parse `ctx` belongs to, without retaining it (the front-end
  /// holds it for the whole read); the hot callbacks use this to skip two atomic reference-count
  /// operations each. `Box` must be the class the box was made as.
  @inlinable @inline(__always)
  public static func reach<Box: XMLParseBox>(
    _ ctx: UnsafeMutableRawPointer?, as _: Box.Type, _ body: (Box) -> Void
  ) {
    guard let context = ctx?.assumingMemoryBound(to: xmlParserCtxt.self),
      let pointer = context.pointee._private
    else { return }
    Unmanaged<Box>.fromOpaque(pointer)._withUnsafeGuaranteedRef(body)
  }

  /// The box of the parse `ctx` belongs to, or nil outside a read.
  @inlinable
  public static func of<Box: XMLParseBox>(_ ctx: UnsafeMutableRawPointer?, as _: Box.Type) -> Box? {
    guard let context = ctx?.assumingMemoryBound(to: xmlParserCtxt.self),
      let pointer = context.pointee._private
    else { return nil }
    return Unmanaged<Box>.fromOpaque(pointer).takeUnretainedValue()
  }
}

/// A problem at a line of the document.
public struct XMLProblem: Sendable, Equatable, CustomStringConvertible {
  /// The line, from 1.
  public let line: Int
  /// What is wrong, in libxml2's words.
  public let message: String

  /// `line <n>: <message>`.
  public var description: String { "line \(line): \(message)" }
}

/// An entity declaration the front-end refused.
public struct XMLEntityRefusal: Sendable, Equatable {
  /// The line of the declaration.
  public let line: Int
  /// The entity's name (`?` when libxml2 gave none).
  public let name: String
}

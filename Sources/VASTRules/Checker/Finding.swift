/// One thing `adhost check` found: which rule, how bad, what, where.
public struct Finding: Sendable, Equatable {
  /// The rule's id.
  public let rule: String
  /// The severity, after the configuration.
  public let severity: Severity
  /// What is wrong here.
  public let message: String
  /// Where in the document.
  public let position: SourcePosition
  /// The document, as named on the command line or its URL in a chain.
  public let document: String
  /// For a document reached through wrappers (`--resolve`): the documents above it, the first
  /// as named on the command line.
  public var chain: [String] = []

  /// A finding.
  public init(rule: String, severity: Severity, message: String, position: SourcePosition, document: String) {
    self.rule = rule
    self.severity = severity
    self.message = message
    self.position = position
    self.document = document
  }
}

/// The places and messages one rule reports over one document; the places are worked out
/// (`position`) only for the hits reported.
struct Hits {
  private(set) var list: [(node: CheckNode, attribute: String?, message: String)] = []

  /// A hit at an element's start tag.
  mutating func add(_ node: CheckNode, _ message: String) { list.append((node, nil, message)) }

  /// A hit at an attribute of `node` (the element's tag when it is absent).
  mutating func add(_ node: CheckNode, attribute: String, _ message: String) {
    list.append((node, attribute, message))
  }

  /// Where a hit of `list` is.
  static func position(_ hit: (node: CheckNode, attribute: String?, message: String)) -> SourcePosition {
    hit.attribute.map { hit.node.position(ofAttribute: $0) } ?? hit.node.position
  }
}

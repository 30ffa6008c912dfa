/// The rules of a wrapper chain, reported by `adhost check --resolve` as it follows it: on the
/// wrapper's `<VASTAdTagURI>`.
public enum ChainRules {
  /// The next document could not be loaded.
  public static let unreachable = Rule(
    "wrapper-unreachable", .error, .chain, "A wrapper's VASTAdTagURI loads (else VAST error 301).",
    spec: "VAST 4.3 §2.3.6.3 error 301", fix: "point the wrapper at a document that answers")
  /// Too many wrappers, or a loop.
  public static let depth = Rule(
    "wrapper-depth", .error, .chain,
    "A chain ends in an InLine within the wrapper limit (5 by default) and without a loop (else error 302).",
    spec: "VAST 4.3 §2.3.6.3 error 302; §2.4.1 (wrapper limit)", fix: "shorten the chain; remove the loop")

  static let all = [unreachable, depth]
}

extension DocumentChecker {
  /// The `VASTAdTagURI`s of a VAST document's wrappers, trimmed, with where each stands.
  public func wrapperTargets(_ bytes: [UInt8]) -> [(uri: String, position: SourcePosition)] {
    guard case .success(let read) = PositionedReader.read(bytes), read.root.name == "VAST" else { return [] }
    return withExtendedLifetime(read.document) {
      read.root.subtree.filter { $0.name == "VASTAdTagURI" && $0.isInside("Wrapper") }.compactMap { node in
        node.trimmedText.isEmpty ? nil : (node.trimmedText, node.position)
      }
    }
  }

  /// A finding of a chain rule, under this checker's configuration (nil when it is off).
  public func chainFinding(
    _ rule: Rule, _ message: String, at position: SourcePosition, in document: String, chain: [String]
  ) -> Finding? {
    guard let severity = config.severity(of: rule) else { return nil }
    var finding = Finding(
      rule: rule.id, severity: severity, message: message, position: position, document: document)
    finding.chain = chain
    return finding
  }
}

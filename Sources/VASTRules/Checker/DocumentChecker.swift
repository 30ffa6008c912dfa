/// Checks VAST and VMAP documents against the catalogue's document rules.
public struct DocumentChecker: Sendable {
  /// The configuration applied to every finding.
  public let config: CheckConfig

  /// A checker with a configuration.
  public init(config: CheckConfig = CheckConfig()) { self.config = config }

  /// The findings of one document, named `source`, in document order.
  public func check(_ bytes: [UInt8], source: String) -> [Finding] {
    var findings: [Finding] = []
    func report(_ rule: Rule, _ message: String, _ position: SourcePosition) {
      guard let severity = config.severity(of: rule) else { return }
      findings.append(
        Finding(rule: rule.id, severity: severity, message: message, position: position, document: source))
    }
    let read: PositionedReader.ReadDocument
    switch PositionedReader.read(bytes) {
    case .failure(let failure):
      report(
        failure.entity ? ReadRules.entity : ReadRules.malformed, failure.message,
        SourcePosition(line: max(failure.line, 1), column: 1))
      return findings
    case .success(let document):
      read = document
      for warning in read.warnings {
        report(ReadRules.undeclaredPrefix, warning.message, .init(line: warning.line, column: 1))
      }
    }
    // The nodes are readable while their document is held.
    withExtendedLifetime(read.document) { checkTree(read.root, report) }
    return findings.sorted { ($0.position.line, $0.position.column) < ($1.position.line, $1.position.column) }
  }

  /// Runs the rules of the root's kind of document.
  private func checkTree(_ root: CheckNode, _ report: (Rule, String, SourcePosition) -> Void) {
    switch root.name {
    case "VAST":
      if let version = root.attribute("version").flatMap(VASTVersion.init), version.major == 1 {
        report(ReadRules.vast1, "<VAST version=\"\(version)\">: VAST 1.0 is error 102", root.position)
        return
      }
      run(.vast, on: root, report)
    case "VideoAdServingTemplate":
      report(ReadRules.vast1, "<VideoAdServingTemplate> is the VAST 1.0 root: error 102", root.position)
    case "VMAP":
      run(.vmap, on: root, report)
      for data in root.subtree where data.name == "VASTAdData" || data.name == "VASTData" {
        for vast in data.children("VAST") { run(.vast, on: vast, report) }
      }
    case "DAAST":
      report(ReadRules.daast, "<DAAST version=\"\(root.attribute("version") ?? "?")\">", root.position)
      run(.daast, on: root, report)
    default:
      report(ReadRules.unknownRoot, "the root element is <\(root.name)>", root.position)
    }
  }

  private func run(
    _ kind: DocumentRule.Kind, on root: CheckNode, _ report: (Rule, String, SourcePosition) -> Void
  ) {
    let scope = DocumentScope(root: root, target: config.target)
    let rules: [DocumentRule]
    switch kind {
    case .vast: rules = RuleCatalogue.vastRules
    case .vmap: rules = RuleCatalogue.vmapRules
    case .daast: rules = RuleCatalogue.daastRules
    }
    // The catalogue's defaults switch no rule off: then the rule is not asked about.
    let allOn = config.off.isEmpty
    for documentRule in rules {
      guard allOn || config.severity(of: documentRule.rule) != nil else { continue }
      var hits = Hits()
      documentRule.check(scope, &hits)
      for hit in hits.list { report(documentRule.rule, hit.message, Hits.position(hit)) }
    }
  }
}

extension DocumentChecker {
  /// Whether `bytes` read as a tree: the checker's own parse without any rule (what
  /// `adhost-bench check` measures apart from the rules).
  public static func reads(_ bytes: [UInt8]) -> Bool {
    if case .success = PositionedReader.read(bytes) { return true }
    return false
  }
}

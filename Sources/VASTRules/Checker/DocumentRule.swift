/// A rule checked over a document's tree, with the check that finds its hits. A class: the
/// checker goes through every rule for every document, and copying the rule's strings each
/// time cost more than many of the checks.
final class DocumentRule: Sendable {
  /// The kind of document a rule reads.
  enum Kind: Sendable { case vast, vmap, daast }

  let rule: Rule
  let kind: Kind
  let check: @Sendable (DocumentScope, inout Hits) -> Void

  init(
    _ id: String, _ severity: Severity, _ area: RuleArea, _ statement: String, spec: String,
    fix: String? = nil, kind: Kind = .vast, _ check: @escaping @Sendable (DocumentScope, inout Hits) -> Void
  ) {
    rule = Rule(id, severity, area, statement, spec: spec, fix: fix)
    self.kind = kind
    self.check = check
  }
}

/// What a rule's check reads: the document's root and every element, and the VAST version it
/// is judged by. What many rules walk — the elements by name, the elements the schema rules
/// judge, the URLs — is found once here (adhost-bench check: each rule walking the whole tree
/// again cost more than the rules themselves).
struct DocumentScope {
  /// The document the tree is read from (held here, so that its nodes stay readable).
  let document: CheckDocument
  let root: CheckNode
  /// Every element at or below the root, in document order.
  let nodes: ArraySlice<CheckNode>
  /// The elements by name, in document order.
  private let byName: NameIndex
  /// `StructureRules.checkedElements`'s and `checkedChildren`'s answers.
  let checkedElements: [CheckNode]
  let checkedChildren: [(CheckNode, CheckNode)]
  /// `URLRules.urls`'s answer.
  let urls: [(node: CheckNode, url: String)]
  /// `TrackingEvents.trackings`'s answer.
  let trackings: [CheckNode]
  /// The version the rules judge by: the configured target, else the declared one, else the latest.
  let version: VASTVersion
  /// The version the document declares, if it reads as one.
  let declared: VASTVersion?

  init(root: CheckNode, target: VASTVersion?) {
    document = root.document
    self.root = root
    nodes = root.subtree
    declared = root.attribute("version").flatMap(VASTVersion.init)
    version = target ?? declared ?? .latest
    byName = NameIndex(nodes)
    checkedElements = StructureRules.findCheckedElements(root)
    checkedChildren = StructureRules.findCheckedChildren(checkedElements)
    urls = URLRules.findURLs(nodes)
    trackings = byName.nodes(named: "Tracking").filter { !$0.isInside("Verification") }
  }

  /// The elements named `name`, in document order; `in` keeps only those inside an `InLine` or
  /// a `Wrapper`.
  func elements(_ name: String, in kind: String? = nil) -> [CheckNode] {
    let named = byName.nodes(named: name)
    return kind == nil ? named : named.filter { $0.adKind == kind }
  }
}

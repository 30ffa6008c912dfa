/// Schema structure: elements and attributes the VAST XSDs do not allow where they stand.
enum StructureRules {
  static let all: [DocumentRule] = [
    DocumentRule(
      "element-unknown", .warning, .structure,
      "An element in the VAST namespace is one the VAST schemas define (custom data goes in Extensions).",
      spec: "VAST 4.3 §3.18 Extensions; IAB VAST XSDs",
      fix: "move custom data into <Extensions><Extension type=\"…\">"
    ) { scope, hits in
      for (node, parent) in checkedChildren(scope) where !node.known.isSchemaName {
        hits.add(node, "<\(node.name)> is no VAST element (inside <\(parent.name)>)")
      }
    },
    DocumentRule(
      "element-misplaced", .error, .structure,
      "An element stands only under a parent that the VAST schemas allow it in.",
      spec: "IAB VAST XSDs 2.0.1–4.2", fix: "move the element to where the schema places it, or remove it"
    ) { scope, hits in
      for (node, parent) in checkedChildren(scope) where node.known.isSchemaName {
        guard SchemaShape.of(parent) != nil, node.allowance == nil else { continue }
        let place = parent.adKind.map { " in a \($0)" } ?? ""
        hits.add(node, "<\(node.name)> is not allowed inside <\(parent.name)>\(place)")
      }
    },
    DocumentRule(
      "element-version", .warning, .structure,
      "An element is one the document's VAST version defines there.",
      spec: "IAB VAST XSDs 2.0.1–4.2", fix: "raise the version attribute, or remove the element"
    ) { scope, hits in
      let column = scope.version.schemaColumn
      for (node, parent) in checkedChildren(scope) {
        guard let allowed = node.allowance, !allowed.allows(column) else { continue }
        hits.add(
          node,
          "<\(node.name)> inside <\(parent.name)> is VAST \(SchemaShape.describe(allowed.versions)), not \(scope.version)"
        )
      }
    },
    DocumentRule(
      "element-duplicate", .error, .structure,
      "An element that the schema allows once appears at most once in its parent.",
      spec: "IAB VAST XSDs 2.0.1–4.2 (maxOccurs=1)", fix: "keep one and remove the others"
    ) { scope, hits in
      let column = scope.version.schemaColumn
      for parent in checkedElements(scope) where SchemaShape.of(parent) != nil {
        // A list, not a set: an element has a few children, and a set cost an allocation each.
        var seen: [String] = []
        for child in parent.children where child.allowance?.isOnce(column) == true {
          if seen.contains(child.name) {
            hits.add(child, "a second <\(child.name)> inside <\(parent.name)>; the schema allows one")
          } else {
            seen.append(child.name)
          }
        }
      }
    },
    DocumentRule(
      "attribute-unknown", .warning, .structure,
      "An attribute is one the VAST schemas define on its element.",
      spec: "IAB VAST XSDs 2.0.1–4.2", fix: "check the attribute's spelling (names are case-sensitive)"
    ) { scope, hits in
      for node in checkedElements(scope) {
        guard let shape = SchemaShape.of(node) else { continue }
        for attribute in node.attributes
        where shape.attributeTable.value(attribute.name, hash: attribute.nameHash) == nil
          && !isNamespaced(attribute)
        {
          hits.add(node, attribute: attribute.name, "<\(node.name)> has no attribute '\(attribute.name)'")
        }
      }
    },
    DocumentRule(
      "attribute-version", .warning, .structure,
      "An attribute is one the document's VAST version defines on its element.",
      spec: "IAB VAST XSDs 2.0.1–4.2", fix: "raise the version attribute, or remove the attribute"
    ) { scope, hits in
      let column = scope.version.schemaColumn
      for node in checkedElements(scope) {
        guard let shape = SchemaShape.of(node) else { continue }
        for attribute in node.attributes {
          guard let allowed = shape.attributeTable.value(attribute.name, hash: attribute.nameHash),
            !allowed.allows(column)
          else {
            continue
          }
          hits.add(
            node, attribute: attribute.name,
            "'\(attribute.name)' on <\(node.name)> is VAST \(SchemaShape.describe(allowed.versions)), not \(scope.version)"
          )
        }
      }
    },
    DocumentRule(
      "text-in-container", .warning, .structure,
      "An element that holds elements holds no text of its own.",
      spec: "IAB VAST XSDs 2.0.1–4.2", fix: "put the text inside the child element it belongs to"
    ) { scope, hits in
      for node in checkedElements(scope) where !node.trimmedText.isEmpty {
        guard let shape = SchemaShape.of(node), !shape.children.isEmpty, !shape.open else { continue }
        hits.add(node, "<\(node.name)> holds text '\(node.trimmedText.prefix(40))' beside its elements")
      }
    },
    DocumentRule(
      "attribute-empty", .info, .structure,
      "An attribute that is present has a value.",
      spec: "IAB VAST XSDs 2.0.1–4.2", fix: "remove the empty attribute"
    ) { scope, hits in
      for node in checkedElements(scope) {
        for attribute in node.attributes where attribute.value.trimmingWhitespace.isEmpty {
          hits.add(node, attribute: attribute.name, "'\(attribute.name)' on <\(node.name)> is empty")
        }
      }
    },
  ]

  /// The elements the schema rules judge: in the VAST namespace (or none), not inside an
  /// element of any content (`Extension`).
  static func checkedElements(_ scope: DocumentScope) -> [CheckNode] { scope.checkedElements }

  /// Each checked element's children in the VAST namespace, with their parent.
  static func checkedChildren(_ scope: DocumentScope) -> [(CheckNode, CheckNode)] { scope.checkedChildren }

  /// The elements the schema rules judge, found from the root (once, by `DocumentScope`).
  static func findCheckedElements(_ root: CheckNode) -> [CheckNode] {
    // Document order is subtree order: skipping a node's subtree is a jump past its end.
    let nodes = root.subtree
    var result: [CheckNode] = []
    var index = nodes.startIndex
    while index < nodes.endIndex {
      let node = nodes[index]
      guard node.inVASTNamespace else {
        index = node.subtreeEnd
        continue
      }
      result.append(node)
      index = SchemaShape.of(node)?.open == true ? node.subtreeEnd : index + 1
    }
    return result
  }

  /// Each of `checked`'s children in the VAST namespace, with its parent.
  static func findCheckedChildren(_ checked: [CheckNode]) -> [(CheckNode, CheckNode)] {
    var result: [(CheckNode, CheckNode)] = []
    for parent in checked where SchemaShape.of(parent)?.open != true {
      for child in parent.children where child.inVASTNamespace { result.append((child, parent)) }
    }
    return result
  }

  static func isVASTNamespace(_ namespace: String?) -> Bool {
    namespace == nil || namespace == "" || namespace == VASTNames.namespace
  }

  private static func isNamespaced(_ attribute: CheckAttribute) -> Bool {
    attribute.namespace != nil
  }
}

/// Names the VAST rules share.
enum VASTNames {
  /// The VAST 4 namespace.
  static let namespace = "http://www.iab.com/VAST"
}

/// VMAP 1.0.1: the schedule's structure.
enum VMAPRules {
  /// The VMAP namespace.
  static let namespace = "http://www.iab.net/videosuite/vmap"
  /// VMAP's elements and the children each may hold.
  static let children: [String: Set<String>] = [
    "VMAP": ["AdBreak", "Extensions"], "AdBreak": ["AdSource", "TrackingEvents", "Extensions"],
    "AdSource": ["VASTAdData", "AdTagURI", "CustomAdData"], "TrackingEvents": ["Tracking"],
    "Extensions": ["Extension"],
  ]

  /// The VMAP elements: not the content of VASTAdData, CustomAdData or an Extension.
  static func elements(_ scope: DocumentScope, _ name: String? = nil) -> [CheckNode] {
    var result: [CheckNode] = []
    func visit(_ node: CheckNode) {
      if name == nil || node.name == name { result.append(node) }
      guard ["VASTAdData", "CustomAdData", "Extension"].contains(node.name) == false else { return }
      node.children.forEach(visit)
    }
    visit(scope.root)
    return result
  }

  static let all: [DocumentRule] = [
    vmap("vmap-version-missing", .error, "<vmap:VMAP> has a version attribute.", "VMAP 1.0.1 §2.4.1") {
      scope, hits in
      if scope.root.attribute("version") == nil { hits.add(scope.root, "<VMAP> has no version") }
    },
    vmap(
      "vmap-version-unsupported", .error, "The VMAP version is 1.0 or 1.0.1 (else error 1001).",
      "VMAP 1.0.1 §2.4.1; §2.5 error 1001"
    ) { scope, hits in
      guard let version = scope.root.attribute("version"), !["1.0", "1.0.1"].contains(version) else { return }
      hits.add(scope.root, attribute: "version", "VMAP version '\(version)'")
    },
    vmap(
      "vmap-namespace", .warning, "VMAP's elements are in http://www.iab.net/videosuite/vmap.",
      "VMAP 1.0.1 §2.4",
      fix: "declare xmlns:vmap=\"http://www.iab.net/videosuite/vmap\""
    ) { scope, hits in
      if scope.root.namespace != namespace {
        hits.add(scope.root, "<VMAP> is in \(scope.root.namespace ?? "no namespace")")
      }
    },
    vmap("vmap-no-breaks", .warning, "A VMAP schedules at least one <AdBreak>.", "VMAP 1.0.1 §2.4.1") {
      scope, hits in
      if scope.root.children("AdBreak").isEmpty { hits.add(scope.root, "<VMAP> has no <AdBreak>") }
    },
    vmap(
      "vmap-element-unknown", .warning, "A VMAP element holds only the elements VMAP defines there.",
      "VMAP 1.0.1 §2.4", fix: "move custom data into <vmap:Extensions>"
    ) { scope, hits in
      for node in elements(scope) {
        guard let allowed = children[node.name] else { continue }
        for child in node.children where !allowed.contains(child.name) {
          hits.add(child, "<\(child.name)> is not allowed inside <\(node.name)>")
        }
      }
    },
    vmap(
      "vmap-adsource-missing", .warning, "An <AdBreak> has an <AdSource> (a break without one cannot play).",
      "VMAP 1.0.1 §2.4.2"
    ) { scope, hits in
      for node in elements(scope, "AdBreak")
      where node.child("AdSource") == nil && node.child("Extensions") == nil {
        hits.add(node, "<AdBreak> has no <AdSource>")
      }
    },
    vmap(
      "vmap-adsource-empty", .error, "An <AdSource> holds VASTAdData, AdTagURI or CustomAdData.",
      "VMAP 1.0.1 §2.4.3"
    ) { scope, hits in
      for node in elements(scope, "AdSource") where sources(node).isEmpty {
        hits.add(node, "<AdSource> holds no ad data")
      }
    },
    vmap(
      "vmap-adsource-several", .error, "An <AdSource> holds one of VASTAdData, AdTagURI, CustomAdData.",
      "VMAP 1.0.1 §2.4.3 (choice)", fix: "split into two breaks, or keep one source"
    ) { scope, hits in
      for node in elements(scope, "AdSource") where sources(node).count > 1 {
        hits.add(node, "<AdSource> holds \(sources(node).joined(separator: " and "))")
      }
    },
    vmap(
      "vmap-vastaddata-not-vast", .error, "<VASTAdData> holds a <VAST> document.", "VMAP 1.0.1 §2.4.3.1"
    ) { scope, hits in
      for node in elements(scope, "VASTAdData") where node.child("VAST") == nil {
        hits.add(node, "<VASTAdData> holds no <VAST>")
      }
    },
    vmap(
      "vmap-templatetype-missing", .error, "<AdTagURI> and <CustomAdData> have a templateType.",
      "VMAP 1.0.1 §2.4.3.2–3 (templateType required)", fix: "add templateType=\"vast4\""
    ) { scope, hits in
      for node in elements(scope, "AdTagURI") + elements(scope, "CustomAdData")
      where node.attribute("templateType") == nil {
        hits.add(node, "<\(node.name)> has no templateType")
      }
    },
    vmap(
      "vmap-templatetype-value", .warning, "AdTagURI@templateType is vast1–vast4 or vmap1 (else error 1005).",
      "VMAP 1.0.1 §2.4.3.2; §2.5 error 1005"
    ) { scope, hits in
      for node in elements(scope, "AdTagURI") {
        guard let type = node.attribute("templateType"),
          !["vast1", "vast2", "vast3", "vast4", "vmap1"].contains(type.lowercased())
        else { continue }
        hits.add(node, attribute: "templateType", "templateType '\(type)'")
      }
    },
    vmap(
      "vmap-breakid-duplicate", .warning, "Each AdBreak@breakId is unique in the schedule.",
      "VMAP 1.0.1 §2.4.2"
    ) { scope, hits in
      var seen: Set<String> = []
      for node in elements(scope, "AdBreak") {
        guard let id = node.attribute("breakId"), !id.isEmpty else { continue }
        if !seen.insert(id).inserted { hits.add(node, attribute: "breakId", "breakId '\(id)' again") }
      }
    },
  ]

  static func vmap(
    _ id: String, _ severity: Severity, _ statement: String, _ spec: String, fix: String? = nil,
    _ check: @escaping @Sendable (DocumentScope, inout Hits) -> Void
  ) -> DocumentRule {
    DocumentRule(id, severity, .vmap, statement, spec: spec, fix: fix, kind: .vmap, check)
  }

  private static func sources(_ node: CheckNode) -> [String] {
    ["VASTAdData", "AdTagURI", "CustomAdData"].filter { node.child($0) != nil }
  }
}

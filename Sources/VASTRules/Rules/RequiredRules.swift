/// Required and recommended elements and attributes.
enum RequiredRules {
  static let all: [DocumentRule] = [
    child("inline-adsystem-missing", "InLine", "AdSystem", spec: "VAST 4.3 §3.4.1; XSDs 2.0.1–4.2"),
    child("inline-adtitle-missing", "InLine", "AdTitle", spec: "VAST 4.3 §3.4.1; XSDs 2.0.1–4.2"),
    child(
      "inline-impression-missing", "InLine", "Impression", spec: "VAST 4.3 §3.4.1 (at least one Impression)",
      fix: "add the ad server's impression URL"),
    child("inline-creatives-missing", "InLine", "Creatives", spec: "VAST 4.3 §3.4.1; XSDs 2.0.1–4.2"),
    child(
      "inline-adservingid-missing", "InLine", "AdServingId", since: VASTVersion(4, 1),
      spec: "VAST 4.1 §3.4.1 (AdServingId required)", fix: "add the ad server's id of this serving"),
    child("wrapper-adsystem-missing", "Wrapper", "AdSystem", spec: "VAST 4.3 §3.4.2; XSDs 2.0.1–4.2"),
    child(
      "wrapper-adtaguri-missing", "Wrapper", "VASTAdTagURI", spec: "VAST 4.3 §3.4.2 (error 101 without it)",
      fix: "add the next ad server's URL in <VASTAdTagURI>"),
    child("wrapper-impression-missing", "Wrapper", "Impression", spec: "VAST 4.3 §3.4.2; XSDs 2.0.1–4.2"),
    DocumentRule(
      "creative-universaladid-missing", .error, .required,
      "Each InLine <Creative> has a <UniversalAdId> (VAST 4.0 on; `unknown` when there is none).",
      spec: "VAST 4.3 §3.7.1; XSDs 4.0–4.2",
      fix: "add <UniversalAdId idRegistry=\"…\">…</UniversalAdId>, or idRegistry=\"unknown\" with unknown"
    ) { scope, hits in
      guard scope.version >= VASTVersion(4, 0) else { return }
      for creative in scope.elements("Creative", in: "InLine") where creative.parent?.name == "Creatives" {
        if creative.child("UniversalAdId") == nil { hits.add(creative, "<Creative> has no <UniversalAdId>") }
      }
    },
    child(
      "linear-duration-missing", "Linear", in: "InLine", "Duration", spec: "VAST 4.3 §3.8.1; XSDs 2.0.1–4.2"),
    child(
      "linear-mediafiles-missing", "Linear", in: "InLine", "MediaFiles", spec: "VAST 4.3 §3.9; XSDs 2.0.1–4.2"
    ),
    child(
      "mediafiles-mediafile-missing", "MediaFiles", in: "InLine", "MediaFile",
      spec: "VAST 4.3 §3.9.1 (error 403)"),
    attribute("mediafile-delivery-missing", "MediaFile", "delivery", spec: "VAST 4.3 §3.9.1; XSDs 2.0.1–4.2"),
    attribute("mediafile-type-missing", "MediaFile", "type", spec: "VAST 4.3 §3.9.1; XSDs 2.0.1–4.2"),
    attribute("mediafile-width-missing", "MediaFile", "width", spec: "VAST 4.3 §3.9.1; XSDs 2.0.1–4.2"),
    attribute("mediafile-height-missing", "MediaFile", "height", spec: "VAST 4.3 §3.9.1; XSDs 2.0.1–4.2"),
    attribute(
      "mediafile-bitrate-missing", "MediaFile", "bitrate", severity: .info,
      spec: "VAST 4.3 §3.9.1 (bitrate for progressive files)",
      fix: "add bitrate (kbps), or minBitrate and maxBitrate"
    ) { $0.attribute("delivery") == "progressive" && $0.attribute("minBitrate") == nil },
    attribute(
      "mezzanine-delivery-missing", "Mezzanine", "delivery", since: VASTVersion(4, 1),
      spec: "VAST 4.3 §3.9.2; XSDs 4.1–4.2"),
    attribute(
      "mezzanine-type-missing", "Mezzanine", "type", since: VASTVersion(4, 1),
      spec: "VAST 4.3 §3.9.2; XSDs 4.1–4.2"),
    size(
      "mezzanine-size-missing", "Mezzanine", since: VASTVersion(4, 1), severity: .error,
      spec: "VAST 4.3 §3.9.2; XSDs 4.1–4.2"),
    resources("companion-resource-missing", "Companion", spec: "VAST 4.3 §3.14.1"),
    attribute("companion-width-missing", "Companion", "width", in: "InLine", spec: "VAST 4.3 §3.14.1; XSDs"),
    attribute(
      "companion-height-missing", "Companion", "height", in: "InLine", spec: "VAST 4.3 §3.14.1; XSDs"),
    resources("nonlinear-resource-missing", "NonLinear", spec: "VAST 4.3 §3.12.1"),
    attribute("nonlinear-width-missing", "NonLinear", "width", in: "InLine", spec: "VAST 4.3 §3.12.1; XSDs"),
    attribute(
      "nonlinear-height-missing", "NonLinear", "height", in: "InLine", spec: "VAST 4.3 §3.12.1; XSDs"),
    resources("icon-resource-missing", "Icon", spec: "VAST 4.3 §3.16.1"),
    attribute(
      "icon-program-missing", "Icon", "program", severity: .warning, spec: "VAST 3.0 §2.3.6; XSD 3.0"),
    size("icon-size-missing", "Icon", severity: .warning, spec: "VAST 3.0 §2.3.6; XSD 3.0"),
    attribute("tracking-event-missing", "Tracking", "event", spec: "VAST 4.3 §3.15; XSDs 2.0.1–4.2"),
    attribute(
      "staticresource-creativetype-missing", "StaticResource", "creativeType",
      spec: "VAST 4.3 §3.15.1; XSDs (not an IconClickFallbackImage's)"
    ) { $0.parent?.name != "IconClickFallbackImage" },
    attribute(
      "universaladid-idregistry-missing", "UniversalAdId", "idRegistry", spec: "VAST 4.3 §3.7.1; XSDs 4.x"),
    attribute("pricing-model-missing", "Pricing", "model", spec: "VAST 4.3 §3.4.1.2; XSDs 3.0–4.2"),
    attribute("pricing-currency-missing", "Pricing", "currency", spec: "VAST 4.3 §3.4.1.2; XSDs 3.0–4.2"),
    attribute("category-authority-missing", "Category", "authority", spec: "VAST 4.3 §3.4.1.1; XSDs 4.x"),
    attribute(
      "closedcaption-type-missing", "ClosedCaptionFile", "type", severity: .warning,
      spec: "VAST 4.3 §3.9.3 (type is the file's MIME type)"),
    attribute(
      "closedcaption-language-missing", "ClosedCaptionFile", "language", severity: .warning,
      spec: "VAST 4.3 §3.9.3 (language, RFC 5646)"),
    attribute(
      "interactivefile-apiframework-missing", "InteractiveCreativeFile", "apiFramework", severity: .warning,
      spec: "VAST 4.3 §3.9.4 (apiFramework, e.g. SIMID)"),
    attribute(
      "interactivefile-type-missing", "InteractiveCreativeFile", "type", severity: .warning,
      spec: "VAST 4.3 §3.9.4"),
  ]

  /// An element `parent` (inside `kind`, when given) without a `child` (from `since`).
  static func child(
    _ id: String, _ parent: String, in kind: String? = nil, _ child: String, since: VASTVersion? = nil,
    severity: Severity = .error, spec: String, fix: String? = nil
  ) -> DocumentRule {
    let from = since.map { " (VAST \($0) on)" } ?? ""
    let statement = "Each\(kind.map { " \($0)" } ?? "") <\(parent)> has a <\(child)>\(from)."
    return DocumentRule(id, severity, .required, statement, spec: spec, fix: fix ?? "add <\(child)>") {
      scope, hits in
      if let since, scope.version < since { return }
      for node in scope.elements(parent, in: kind) where node.child(child) == nil {
        hits.add(node, "<\(parent)> has no <\(child)>")
      }
    }
  }

  /// An element `name` (inside `kind`, when given) without attribute `attribute`, where `applies`.
  static func attribute(
    _ id: String, _ name: String, _ attribute: String, in kind: String? = nil, since: VASTVersion? = nil,
    severity: Severity = .error,
    spec: String, fix: String? = nil, where applies: @escaping @Sendable (CheckNode) -> Bool = { _ in true }
  ) -> DocumentRule {
    let recommended = severity == .info ? " recommended" : ""
    let from = since.map { " (VAST \($0) on)" } ?? ""
    let statement =
      "Each\(kind.map { " \($0)" } ?? "") <\(name)> has a\(recommended) \(attribute) attribute\(from)."
    return DocumentRule(id, severity, .required, statement, spec: spec, fix: fix ?? "add \(attribute)=\"…\"")
    {
      scope, hits in
      if let since, scope.version < since { return }
      for node in scope.elements(name, in: kind) where node.attribute(attribute) == nil && applies(node) {
        hits.add(node, "<\(name)> has no \(attribute)")
      }
    }
  }

  /// An element `name` without width or height.
  static func size(
    _ id: String, _ name: String, since: VASTVersion? = nil, severity: Severity, spec: String
  ) -> DocumentRule {
    DocumentRule(
      id, severity, .required,
      "Each <\(name)> has width and height attributes\(since.map { " (VAST \($0) on)" } ?? "").",
      spec: spec, fix: "add width=\"…\" height=\"…\" in pixels"
    ) { scope, hits in
      if let since, scope.version < since { return }
      for node in scope.elements(name) {
        let missing = ["width", "height"].filter { node.attribute($0) == nil }
        if !missing.isEmpty { hits.add(node, "<\(name)> has no \(missing.joined(separator: " and "))") }
      }
    }
  }

  /// An InLine `name` with none of the three resources.
  static func resources(_ id: String, _ name: String, spec: String) -> DocumentRule {
    DocumentRule(
      id, .error, .required,
      "Each InLine <\(name)> has a StaticResource, IFrameResource or HTMLResource"
        + (name == "NonLinear" ? " (or, VAST 4.4, MediaFiles)." : "."),
      spec: spec + (name == "NonLinear" ? "; VAST 4.4 draft (MediaFiles under NonLinear)" : ""),
      fix: "add the resource the player shows"
    ) { scope, hits in
      // VAST 4.4's CTV formats deliver a NonLinear's creative as media files.
      let holders = name == "NonLinear" ? resourceNames + ["MediaFiles"] : resourceNames
      for node in scope.elements(name, in: "InLine")
      where !holders.contains(where: { node.child($0) != nil }) {
        hits.add(node, "<\(name)> has no StaticResource, IFrameResource or HTMLResource")
      }
    }
  }

  static let resourceNames = ["StaticResource", "IFrameResource", "HTMLResource"]
}

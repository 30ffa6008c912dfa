/// DAAST 1.0/1.1 documents (the IAB's Digital Audio Ad Serving Template, folded into VAST 4.1):
/// read and checked by its own requirements, which differ from VAST 3.0's where audio needs it —
/// a required Category, `DAASTAdTagURI` wrappers, `AdInteractions` for clicks, audio media files.
enum DAASTRules {
  private static let spec = "IAB DAAST 1.0 (2014) and 1.1"

  static let all: [DocumentRule] = [
    DocumentRule(
      "daast-version-value", .error, .daast, "<DAAST> has version 1.0 or 1.1.",
      spec: "\(spec) (DAAST@version)",
      fix: "write version=\"1.1\"", kind: .daast
    ) { scope, hits in
      let version = scope.root.attribute("version")
      if !["1.0", "1.1"].contains(version?.trimmingWhitespace ?? "") {
        hits.add(scope.root, attribute: "version", "<DAAST> version '\(version ?? "")' is not 1.0 or 1.1")
      }
    },
    DocumentRule(
      "daast-ad-kind-missing", .error, .daast, "Each DAAST <Ad> holds an <InLine> or a <Wrapper>.",
      spec: "\(spec) (Ad)", fix: "add the InLine or Wrapper, or remove the empty Ad", kind: .daast
    ) { scope, hits in
      for ad in scope.root.children("Ad") where ad.child("InLine") == nil && ad.child("Wrapper") == nil {
        hits.add(ad, "<Ad> has neither <InLine> nor <Wrapper>")
      }
    },
    required("daast-inline-adtitle-missing", "InLine", "AdTitle"),
    required("daast-inline-category-missing", "InLine", "Category", why: " (required in DAAST, unlike VAST)"),
    required("daast-inline-impression-missing", "InLine", "Impression"),
    required("daast-inline-creatives-missing", "InLine", "Creatives"),
    required(
      "daast-wrapper-adtaguri-missing", "Wrapper", "DAASTAdTagURI", why: " (where the next document is)"),
    required("daast-wrapper-impression-missing", "Wrapper", "Impression"),
    required("daast-linear-duration-missing", "Linear", "Duration", inLine: true),
    required("daast-linear-mediafiles-missing", "Linear", "MediaFiles", inLine: true),
    DocumentRule(
      "daast-mediafile-attributes-missing", .error, .daast,
      "Each DAAST <MediaFile> has delivery and type attributes.",
      spec: "\(spec) (MediaFile)", fix: "add delivery=\"progressive\" and type=\"audio/mpeg\"", kind: .daast
    ) { scope, hits in
      for file in scope.elements("MediaFile") {
        let missing = ["delivery", "type"].filter { file.attribute($0) == nil }
        if !missing.isEmpty { hits.add(file, "<MediaFile> has no \(missing.joined(separator: " and "))") }
      }
    },
    DocumentRule(
      "daast-mediafile-audio", .warning, .daast, "A DAAST MediaFile is audio (its type audio/…).",
      spec: "\(spec) (audio ads)", fix: "serve the audio file, e.g. type=\"audio/mpeg\"", kind: .daast
    ) { scope, hits in
      for file in scope.elements("MediaFile") {
        guard let type = file.attribute("type"), !type.lowercased().hasPrefix("audio/") else { continue }
        hits.add(file, attribute: "type", "DAAST MediaFile of type '\(type)'")
      }
    },
    DocumentRule(
      "daast-vast-element", .warning, .daast,
      "A DAAST document uses DAAST's elements: <AdInteractions>, not <VideoClicks>; <DAASTAdTagURI>, not <VASTAdTagURI>.",
      spec: spec, fix: "rename the element to DAAST's", kind: .daast
    ) { scope, hits in
      let renamed = ["VideoClicks": "AdInteractions", "VASTAdTagURI": "DAASTAdTagURI"]
      for node in scope.nodes {
        if let name = renamed[node.name] { hits.add(node, "<\(node.name)> is VAST's; DAAST's is <\(name)>") }
      }
    },
    DocumentRule(
      "daast-duration-format", .error, .daast, "A DAAST <Duration> is HH:MM:SS or HH:MM:SS.mmm.",
      spec: "\(spec) (Duration)", fix: "write the duration as HH:MM:SS.mmm", kind: .daast
    ) { scope, hits in
      for node in scope.elements("Duration") where ValueFormats.clock(node.trimmedText) == nil {
        hits.add(node, "Duration '\(node.trimmedText)' is not HH:MM:SS(.mmm)")
      }
    },
  ]

  /// Each `parent` (inside an InLine when `inLine`) has a `child`.
  private static func required(
    _ id: String, _ parent: String, _ child: String, inLine: Bool = false, why: String = ""
  ) -> DocumentRule {
    DocumentRule(
      id, .error, .daast, "Each DAAST \(inLine ? "InLine " : "")<\(parent)> has a <\(child)>\(why).",
      spec: "\(spec) (\(parent))", fix: "add <\(child)>", kind: .daast
    ) { scope, hits in
      for node in scope.elements(parent, in: inLine ? "InLine" : nil) where node.child(child) == nil {
        hits.add(node, "<\(parent)> has no <\(child)>")
      }
    }
  }
}

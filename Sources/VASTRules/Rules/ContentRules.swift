/// What containers hold and how values fit together: lists with nothing in them, pairs that
/// go together, offsets that can never be reached.
enum ContentRules {
  static let all: [DocumentRule] = [
    RequiredRules.child(
      "creatives-creative-missing", "Creatives", in: "InLine", "Creative",
      spec: "VAST 4.3 §3.6; XSDs (Creative 1..n)"),
    RequiredRules.child(
      "icons-icon-missing", "Icons", "Icon", spec: "VAST 4.3 §3.16; XSDs 3.0–4.2 (Icon 1..n)"),
    RequiredRules.child(
      "nonlinearads-nonlinear-missing", "NonLinearAds", in: "InLine", "NonLinear", severity: .warning,
      spec: "VAST 4.3 §3.12 (one or more NonLinear)"),
    RequiredRules.child(
      "companionads-companion-missing", "CompanionAds", in: "InLine", "Companion", severity: .warning,
      spec: "VAST 4.3 §3.14 (one or more Companion)"),
    RequiredRules.child(
      "adverifications-verification-missing", "AdVerifications", "Verification", severity: .warning,
      spec: "VAST 4.3 §3.17 (one or more Verification)"),
    DocumentRule(
      "viewableimpression-empty", .warning, .required,
      "<ViewableImpression> holds a Viewable, NotViewable or ViewUndetermined URL.",
      spec: "VAST 4.3 §3.4.1.3", fix: "add the viewability URLs, or remove the element"
    ) { scope, hits in
      for node in scope.elements("ViewableImpression") where node.children.isEmpty {
        hits.add(node, "<ViewableImpression> is empty")
      }
    },
    DocumentRule(
      "universaladid-unknown-pair", .warning, .values,
      "An unknown UniversalAdId is `unknown` in both idRegistry and its value.",
      spec: "VAST 4.1 §3.7.1 (unknown registry)", fix: "write idRegistry=\"unknown\" and unknown"
    ) { scope, hits in
      for node in scope.elements("UniversalAdId") {
        let registry = node.attribute("idRegistry")?.lowercased()
        let value = node.trimmedText.lowercased()
        if (registry == "unknown") != (value == "unknown"), registry != nil, !value.isEmpty {
          hits.add(
            node, "idRegistry '\(node.attribute("idRegistry") ?? "")' with value '\(node.trimmedText)'")
        }
      }
    },
    DocumentRule(
      "ad-sequence-gap", .info, .document, "A pod's sequence numbers run 1, 2, 3… without gaps.",
      spec: "VAST 4.3 §3.3.1 (sequence)", fix: "renumber the pod's ads from 1"
    ) { scope, hits in
      let ads = scope.root.children("Ad").filter { $0.attribute("sequence") != nil }
      let numbers = ads.compactMap { $0.attribute("sequence").flatMap(ValueFormats.positiveInteger) }.sorted()
      guard numbers.count == ads.count, let first = ads.first, !numbers.isEmpty else { return }
      if numbers != Array(1...numbers.count) {
        hits.add(first, "the pod's sequence numbers are \(numbers.map(String.init).joined(separator: ", "))")
      }
    },
    DocumentRule(
      "creative-sequence-duplicate", .warning, .document,
      "No two creatives of an ad share a sequence number.",
      spec: "VAST 4.3 §3.6.1 (sequence)", fix: "number the ad's creatives 1, 2, 3…"
    ) { scope, hits in
      for creatives in scope.elements("Creatives") {
        var seen: Set<String> = []
        for creative in creatives.children("Creative") {
          guard let sequence = creative.attribute("sequence") else { continue }
          if !seen.insert(sequence).inserted {
            hits.add(creative, attribute: "sequence", "a second creative \(sequence)")
          }
        }
      }
    },
    DocumentRule(
      "skipoffset-zero", .info, .values,
      "A skip offset above zero (a skip button at once is no skip offset).",
      spec: "VAST 4.3 §3.8.1 (skipoffset)", fix: "set when the skip button appears, e.g. 00:00:05"
    ) { scope, hits in
      for node in scope.elements("Linear") {
        guard let text = node.attribute("skipoffset"),
          ValueFormats.clock(text) == 0 || ValueFormats.percent(text) == 0
        else { continue }
        hits.add(node, attribute: "skipoffset", "skipoffset \(text)")
      }
    },
    DocumentRule(
      "progress-offset-beyond-duration", .warning, .values, "A progress offset comes before the ad's end.",
      spec: "VAST 4.3 §3.15.1 (progress)", fix: "use an offset inside the Duration"
    ) { scope, hits in
      for linear in scope.elements("Linear") {
        guard let duration = linear.child("Duration").flatMap({ ValueFormats.clock($0.trimmedText) }),
          duration > 0
        else { continue }
        for tracking in linear.child("TrackingEvents")?.children("Tracking") ?? [] {
          guard let offset = tracking.attribute("offset").flatMap(ValueFormats.clock), offset > duration
          else { continue }
          hits.add(
            tracking, attribute: "offset",
            "offset \(offset) s is past the Duration, \(duration) s: it never fires")
        }
      }
    },
    DocumentRule(
      "error-url-no-errorcode", .info, .macros,
      "An Error URL carries [ERRORCODE], so the ad server learns why.",
      spec: "VAST 4.3 §2.3.6.2 (Error URIs and ERRORCODE)", fix: "add a parameter with [ERRORCODE]"
    ) { scope, hits in
      for (node, _) in URLRules.urls(scope) where node.name == "Error" && node.parent?.name != "VAST" {
        if !node.urlMacros.contains("ERRORCODE") {
          hits.add(node, "an Error URL without [ERRORCODE]")
        }
      }
    },
    DocumentRule(
      "category-authority-format", .warning, .values,
      "Category@authority is the URL of the taxonomy's authority.",
      spec: "VAST 4.3 §3.4.1.1 (authority: a URL)",
      fix: "write the authority's URL, e.g. https://iabtechlab.com"
    ) { scope, hits in
      for node in scope.elements("Category") {
        guard let authority = node.attribute("authority"), URLParts.scheme(authority) == nil else { continue }
        hits.add(node, attribute: "authority", "authority '\(authority)' is not a URL")
      }
    },
    VMAPRules.vmap(
      "vmap-adsource-id-duplicate", .info, "Each AdSource@id is unique in the schedule.",
      "VMAP 1.0.1 §2.4.3 (id)"
    ) { scope, hits in
      var seen: Set<String> = []
      for node in VMAPRules.elements(scope, "AdSource") {
        guard let id = node.attribute("id"), !id.isEmpty else { continue }
        if !seen.insert(id).inserted { hits.add(node, attribute: "id", "AdSource id '\(id)' again") }
      }
    },
  ]
}

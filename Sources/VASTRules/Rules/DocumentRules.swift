/// The VAST root, its version, and how ads are laid out.
enum DocumentRules {
  static let all: [DocumentRule] = [
    DocumentRule(
      "vast-version-missing", .error, .document, "<VAST> has a version attribute.",
      spec: "VAST 4.3 §3.1 (version required)", fix: "add version=\"4.2\" (or the version written to)"
    ) { scope, hits in
      if scope.root.attribute("version") == nil { hits.add(scope.root, "<VAST> has no version") }
    },
    DocumentRule(
      "vast-version-unsupported", .error, .document,
      "The version is VAST 2, 3 or 4 (`adhost vast` refuses others with error 102).",
      spec: "VAST 4.3 §2.3.6.3 error 102", fix: "declare the version the document is written to"
    ) { scope, hits in
      guard let text = scope.root.attribute("version") else { return }
      // VAST 1.x is vast-1-document's finding; 4.4 and later minors vast-version-newer's.
      if let version = VASTVersion(text), (1...4).contains(version.major) { return }
      hits.add(scope.root, attribute: "version", "version '\(text)' is no VAST version adhost reads")
    },
    DocumentRule(
      "vast-version-newer", .warning, .document,
      "The version is a published one: 4.4 is a draft (its CTV additions are checked by the draft schema).",
      spec: "VAST 4.3; VAST 4.4 draft (vast_4.4.xsd, 2026-07-17)",
      fix: "declare 4.2 or 4.3, as the CTV Ad Portfolio guidance's examples do"
    ) { scope, hits in
      guard let text = scope.root.attribute("version"), let version = VASTVersion(text), version.major == 4,
        version.minor > 3
      else { return }
      hits.add(scope.root, attribute: "version", "version '\(text)' is newer than 4.3, the latest published")
    },
    DocumentRule(
      "vast-version-format", .info, .document, "The version is written major.minor (`4.2`).",
      spec: "VAST 4.3 §3.1", fix: "write the version as major.minor"
    ) { scope, hits in
      guard let text = scope.root.attribute("version"), VASTVersion(text) != nil else { return }
      let parts = text.split(separator: ".")
      if parts.count != 2 {
        hits.add(scope.root, attribute: "version", "version '\(text)' is not major.minor")
      }
    },
    DocumentRule(
      "vast-namespace-foreign", .warning, .document,
      "<VAST> is in no namespace or in VAST 4's, http://www.iab.com/VAST.",
      spec: "VAST 4.3 §3.1; vast_4.2.xsd targetNamespace", fix: "use xmlns=\"http://www.iab.com/VAST\""
    ) { scope, hits in
      guard let namespace = scope.root.namespace, !namespace.isEmpty, namespace != VASTNames.namespace else {
        return
      }
      hits.add(scope.root, "<VAST> is in the namespace \(namespace)")
    },
    DocumentRule(
      "vast-no-ads-no-error", .warning, .document,
      "A response without ads has a root <Error> URL, so the no-ad answer (303) reaches the ad server.",
      spec: "VAST 4.3 §3.2.1 (root Error, no ad response)", fix: "add <Error> with the ad server's no-ad URL"
    ) { scope, hits in
      if scope.root.children("Ad").isEmpty && scope.root.children("Error").isEmpty {
        hits.add(scope.root, "<VAST> has no <Ad> and no <Error>")
      }
    },
    DocumentRule(
      "vast-error-beside-ads", .warning, .document,
      "The root <Error> is for responses without ads: a document has either <Ad>s or root <Error>s.",
      spec: "VAST 4.3 §3.2.1; vast_4.1.xsd (choice of Ad or Error)",
      fix: "put the Error URL inside the ad's InLine or Wrapper"
    ) { scope, hits in
      guard !scope.root.children("Ad").isEmpty else { return }
      for error in scope.root.children("Error") { hits.add(error, "a root <Error> beside <Ad> elements") }
    },
    DocumentRule(
      "ad-kind-missing", .error, .document, "Each <Ad> holds an <InLine> or a <Wrapper> (error 101).",
      spec: "VAST 4.3 §3.3", fix: "add the InLine or Wrapper, or remove the empty Ad"
    ) { scope, hits in
      for ad in scope.root.children("Ad") where ad.child("InLine") == nil && ad.child("Wrapper") == nil {
        hits.add(ad, "<Ad> has neither <InLine> nor <Wrapper>")
      }
    },
    DocumentRule(
      "ad-kind-both", .error, .document, "An <Ad> holds one <InLine> or one <Wrapper>, not both.",
      spec: "VAST 4.3 §3.3 (choice)", fix: "split it into two ads"
    ) { scope, hits in
      for ad in scope.root.children("Ad") where ad.child("InLine") != nil && ad.child("Wrapper") != nil {
        hits.add(ad, "<Ad> holds both <InLine> and <Wrapper>")
      }
    },
    DocumentRule(
      "ad-sequence-format", .error, .values, "Ad@sequence is a whole number from 1.",
      spec: "VAST 4.3 §3.3.1 (sequence)", fix: "number the pod's ads 1, 2, 3…"
    ) { scope, hits in
      for ad in scope.root.children("Ad") {
        guard let text = ad.attribute("sequence") else { continue }
        if ValueFormats.positiveInteger(text) == nil {
          hits.add(ad, attribute: "sequence", "sequence '\(text)' is not a whole number from 1")
        }
      }
    },
    DocumentRule(
      "ad-sequence-duplicate", .warning, .document, "No two ads of a pod share a sequence number.",
      spec: "VAST 4.3 §3.3.1 (ad pods)", fix: "give each ad of the pod its own sequence"
    ) { scope, hits in
      var seen: Set<Int> = []
      for ad in scope.root.children("Ad") {
        guard let number = ad.attribute("sequence").flatMap(ValueFormats.positiveInteger) else { continue }
        if !seen.insert(number).inserted {
          hits.add(ad, attribute: "sequence", "a second ad with sequence \(number)")
        }
      }
    },
    DocumentRule(
      "ad-id-duplicate", .warning, .document, "No two ads of a document share an id.",
      spec: "VAST 4.3 §3.3.1 (id)", fix: "give each ad its own id"
    ) { scope, hits in
      var seen: Set<String> = []
      for ad in scope.root.children("Ad") {
        guard let id = ad.attribute("id"), !id.isEmpty else { continue }
        if !seen.insert(id).inserted { hits.add(ad, attribute: "id", "a second ad with id '\(id)'") }
      }
    },
    DocumentRule(
      "ad-type-value", .error, .values, "Ad@adType is video, audio or hybrid.",
      spec: "VAST 4.3 §3.3.1 (adType)", fix: "use video, audio or hybrid"
    ) { scope, hits in
      for ad in scope.root.children("Ad") {
        guard let type = ad.attribute("adType"), !["video", "audio", "hybrid"].contains(type) else {
          continue
        }
        hits.add(ad, attribute: "adType", "adType '\(type)' is not video, audio or hybrid")
      }
    },
    DocumentRule(
      "creative-kind-missing", .error, .document,
      "An InLine <Creative> holds a <Linear>, <NonLinearAds> or <CompanionAds>.",
      spec: "VAST 4.3 §3.6", fix: "add the creative's content or remove the Creative"
    ) { scope, hits in
      for creative in scope.elements("Creative", in: "InLine") where creative.parent?.name == "Creatives" {
        if kinds(of: creative).isEmpty {
          hits.add(creative, "<Creative> holds no <Linear>, <NonLinearAds> or <CompanionAds>")
        }
      }
    },
    DocumentRule(
      "creative-several-kinds", .error, .document,
      "A <Creative> holds one of <Linear>, <NonLinearAds>, <CompanionAds>.",
      spec: "VAST 4.3 §3.6; IAB VAST XSDs (choice)", fix: "put each in a Creative of its own"
    ) { scope, hits in
      for creative in scope.elements("Creative") where creative.parent?.name == "Creatives" {
        let found = kinds(of: creative)
        if found.count > 1 { hits.add(creative, "<Creative> holds \(found.joined(separator: " and "))") }
      }
    },
  ]

  private static func kinds(of creative: CheckNode) -> [String] {
    ["Linear", "NonLinearAds", "CompanionAds"].filter { creative.child($0) != nil }
  }
}

/// Value formats of fields: whole numbers, booleans, enumerations, texts that must not be empty.
enum FieldValueRules {
  /// The attributes the XSDs type as whole numbers, by element.
  static let integerAttributes: [String: [String]] = [
    "MediaFile": ["width", "height", "bitrate", "minBitrate", "maxBitrate", "fileSize"],
    "Mezzanine": ["width", "height", "fileSize"],
    "Companion": ["width", "height", "assetWidth", "assetHeight", "expandedWidth", "expandedHeight"],
    "NonLinear": ["width", "height", "expandedWidth", "expandedHeight"],
    "Icon": ["width", "height"], "IconClickFallbackImage": ["width", "height"], "Creative": ["sequence"],
  ]
  /// The attributes the XSDs type as xs:boolean, by element.
  static let booleanAttributes: [String: [String]] = [
    "MediaFile": ["scalable", "maintainAspectRatio"], "NonLinear": ["scalable", "maintainAspectRatio"],
    "Ad": ["conditionalAd"], "Wrapper": ["followAdditionalWrappers", "allowMultipleAds", "fallbackOnNoAd"],
    "AdParameters": ["xmlEncoded"], "JavaScriptResource": ["browserOptional"],
    "InteractiveCreativeFile": ["variableDuration"],
  ]

  static let all: [DocumentRule] = [
    DocumentRule(
      "attribute-integer", .error, .values, "Sizes, bitrates and sequence numbers are whole numbers.",
      spec: "IAB VAST XSDs (xs:integer)", fix: "write digits only, without units"
    ) { scope, hits in
      for node in scope.nodes {
        for name in node.known.integerAttributes {
          guard let text = node.attribute(name), ValueFormats.wholeNumber(text) == nil else { continue }
          hits.add(node, attribute: name, "\(name) '\(text)' on <\(node.name)> is not a whole number")
        }
      }
    },
    DocumentRule(
      "attribute-boolean", .error, .values, "Flags are true or false.",
      spec: "IAB VAST XSDs (xs:boolean)", fix: "write true or false"
    ) { scope, hits in
      for node in scope.nodes {
        for name in node.known.booleanAttributes {
          guard let text = node.attribute(name), !ValueFormats.isBoolean(text) else { continue }
          hits.add(node, attribute: name, "\(name) '\(text)' on <\(node.name)> is not true or false")
        }
      }
    },
    enumeration(
      "companionads-required-value", "CompanionAds", "required", ["all", "any", "none"], "VAST 4.3 §3.14"),
    enumeration(
      "companion-renderingmode-value", "Companion", "renderingMode", ["default", "end-card", "concurrent"],
      "VAST 4.3 §3.14.1"),
    enumeration(
      "pricing-model-value", "Pricing", "model", ["cpm", "cpc", "cpe", "cpv", "CPM", "CPC", "CPE", "CPV"],
      "VAST 4.3 §3.4.1.2"),
    DocumentRule(
      "pricing-currency-format", .error, .values, "Pricing@currency is a three-letter ISO 4217 code.",
      spec: "VAST 4.3 §3.4.1.2", fix: "write the currency as USD, EUR, …"
    ) { scope, hits in
      for node in scope.elements("Pricing") {
        guard let text = node.attribute("currency"),
          !(text.count == 3 && text.allSatisfy { $0.isASCII && $0.isUppercase })
        else { continue }
        hits.add(node, attribute: "currency", "currency '\(text)' is not an ISO 4217 code")
      }
    },
    DocumentRule(
      "pricing-value-format", .error, .values, "<Pricing> holds a decimal number.",
      spec: "VAST 4.3 §3.4.1.2", fix: "write the price as a number, e.g. 2.50"
    ) { scope, hits in
      for node in scope.elements("Pricing") where ValueFormats.decimal(node.trimmedText) == nil {
        hits.add(node, "price '\(node.trimmedText)' is not a number")
      }
    },
    DocumentRule(
      "expires-format", .error, .values, "<Expires> is a whole number of seconds.",
      spec: "VAST 4.3 §3.4.1 (Expires)", fix: "write the seconds the ad stays valid"
    ) { scope, hits in
      for node in scope.elements("Expires") where ValueFormats.wholeNumber(node.trimmedText) == nil {
        hits.add(node, "Expires '\(node.trimmedText)' is not a whole number of seconds")
      }
    },
    emptyText("adsystem-empty", "AdSystem", .warning, "VAST 4.3 §3.4.1"),
    emptyText("adtitle-empty", "AdTitle", .warning, "VAST 4.3 §3.4.1"),
    emptyText("adservingid-empty", "AdServingId", .error, "VAST 4.1 §3.4.1 (AdServingId)"),
    emptyText(
      "universaladid-empty", "UniversalAdId", .error, "VAST 4.3 §3.7.1 (`unknown` when there is none)"),
    emptyText("category-empty", "Category", .warning, "VAST 4.3 §3.4.1.1"),
    emptyText(
      "resource-empty", "StaticResource", .error, "VAST 4.3 §3.15.1",
      also: ["IFrameResource", "HTMLResource"]),
    DocumentRule(
      "creativetype-format", .warning, .values, "StaticResource@creativeType is a MIME type.",
      spec: "VAST 4.3 §3.15.1", fix: "write the resource's MIME type, e.g. image/png"
    ) { scope, hits in
      for node in scope.elements("StaticResource") {
        guard let text = node.attribute("creativeType"), !ValueFormats.isMIMEType(text) else { continue }
        hits.add(node, attribute: "creativeType", "creativeType '\(text)' is not a MIME type")
      }
    },
    DocumentRule(
      "closedcaption-language-format", .warning, .values, "ClosedCaptionFile@language is an RFC 5646 tag.",
      spec: "VAST 4.3 §3.9.3", fix: "write a language tag such as en or en-US"
    ) { scope, hits in
      for node in scope.elements("ClosedCaptionFile") {
        guard let text = node.attribute("language") else { continue }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        let valid =
          (2...3).contains(parts.first?.count ?? 0) && parts.allSatisfy { !$0.isEmpty && $0.count <= 8 }
          && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        if !valid { hits.add(node, attribute: "language", "language '\(text)' is not a language tag") }
      }
    },
  ]

  /// `element@attribute` is one of `values`.
  static func enumeration(
    _ id: String, _ element: String, _ attribute: String, _ values: [String], _ spec: String
  ) -> DocumentRule {
    let shown = values.filter { $0 == $0.lowercased() || !values.contains($0.lowercased()) }
    return DocumentRule(
      id, .error, .values, "\(element)@\(attribute) is \(shown.joined(separator: ", ")).", spec: spec,
      fix: "use one of \(shown.joined(separator: ", "))"
    ) { scope, hits in
      for node in scope.elements(element) {
        guard let text = node.attribute(attribute), !values.contains(text) else { continue }
        hits.add(node, attribute: attribute, "\(attribute) '\(text)' is not \(shown.joined(separator: ", "))")
      }
    }
  }

  /// `element` (or one of `also`) holds text.
  static func emptyText(
    _ id: String, _ element: String, _ severity: Severity, _ spec: String, also: [String] = []
  ) -> DocumentRule {
    let names = [element] + also
    return DocumentRule(
      id, severity, .values, "<\(names.joined(separator: ">, <"))> is not empty.", spec: spec,
      fix: "fill it in, or remove the element"
    ) { scope, hits in
      // Hits in another order than the document's: findings are sorted by place.
      for node in names.flatMap({ scope.elements($0) })
      where node.trimmedText.isEmpty && node.children.isEmpty {
        hits.add(node, "<\(node.name)> is empty")
      }
    }
  }
}

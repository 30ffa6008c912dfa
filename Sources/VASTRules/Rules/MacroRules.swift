/// Macros in URLs: `[NAME]`, names from the IAB's VAST macro list.
enum MacroRules {
  /// The macros of VAST 2.0–4.3 (VAST 4.3 §6.1–6.7, the IAB macro list).
  static let known: Set<String> = [
    "ADCATEGORIES", "ADCOUNT", "ADPLAYHEAD", "ADSERVINGID", "ADTYPE", "APIFRAMEWORKS", "APPBUNDLE",
    "ASSETURI",
    "BLOCKEDADCATEGORIES", "BREAKMAXADLENGTH", "BREAKMAXADS", "BREAKMAXDURATION", "BREAKMINADLENGTH",
    "BREAKMINDURATION", "BREAKPOSITION", "CACHEBUSTING", "CLICKPOS", "CLICKTYPE", "CLIENTUA", "CONTENTCAT",
    "CONTENTID", "CONTENTPLAYHEAD", "CONTENTURI", "DEVICEIP", "DEVICEUA", "DOMAIN", "ERRORCODE", "EXTENSIONS",
    "GDPRCONSENT", "GPP_SID", "GPP_STRING", "IFA", "IFATYPE", "INVENTORYSTATE", "LATLONG", "LIMITADTRACKING",
    "MEDIAMIME", "MEDIAPLAYHEAD", "OMIDPARTNER", "PAGEURL", "PLACEMENTTYPE", "PLAYERCAPABILITIES",
    "PLAYERSIZE",
    "PLAYERSTATE", "PODSEQUENCE", "REASON", "REGULATIONS", "SERVERSIDE", "SERVERUA", "STOREID", "STOREURL",
    "TIMESTAMP", "TRANSACTIONID", "UNIVERSALADID", "US_PRIVACY", "VASTVERSIONS", "VERIFICATIONVENDORS",
  ]
  /// Macros new in VAST 4.1 (older players leave them unfilled).
  static let since41: Set<String> = known.subtracting([
    "ASSETURI", "CACHEBUSTING", "CONTENTPLAYHEAD", "ERRORCODE", "TIMESTAMP", "ADPLAYHEAD", "MEDIAPLAYHEAD",
    "REASON", "ADCOUNT", "UNIVERSALADID", "PODSEQUENCE", "ADSERVINGID", "LIMITADTRACKING",
  ])

  /// The `[NAME]` macros in `text`, with the name as written.
  static func macros(in text: String) -> [String] {
    // Read on the UTF-8 bytes: every URL of a document goes through here.
    text.withUTF8Bytes { bytes in
      var found: [String] = []
      var index = 0
      while let open = bytes[index...].firstIndex(of: UInt8(ascii: "[")) {
        guard let close = bytes[(open + 1)...].firstIndex(of: UInt8(ascii: "]")) else { break }
        let name = bytes[(open + 1)..<close]
        if !name.isEmpty, name.count <= 40,
          name.allSatisfy({ ASCIIBytes.isAlphanumeric($0) || $0 == UInt8(ascii: "_") })
        {
          found.append(String(decoding: name, as: UTF8.self))
        }
        index = close + 1
      }
      return found
    }
  }

  /// Whether `text` is one macro and nothing else (`[ASSETURI]`).
  static func isWholeMacro(_ text: String) -> Bool {
    text.hasPrefix("[") && text.hasSuffix("]") && macros(in: text).count == 1
  }

  static let all: [DocumentRule] = [
    DocumentRule(
      "macro-unknown", .warning, .macros,
      "A [MACRO] in a URL is one VAST defines (a player leaves others unfilled, or sends -1).",
      spec: "VAST 4.3 §6 (macros); VAST 4.3 §6.1 (unknown macros)",
      fix: "use the IAB macro's name, or fill it server-side"
    ) { scope, hits in
      for (node, _) in URLRules.urls(scope) {
        for name in node.urlMacros where name == name.uppercased() && !known.contains(name) {
          hits.add(node, "[\(name)] is no VAST macro")
        }
      }
    },
    DocumentRule(
      "macro-case", .warning, .macros, "Macro names are upper case ([CACHEBUSTING], not [cachebusting]).",
      spec: "VAST 4.3 §6.1", fix: "write the macro in upper case"
    ) { scope, hits in
      for (node, _) in URLRules.urls(scope) {
        for name in node.urlMacros where name != name.uppercased() && known.contains(name.uppercased()) {
          hits.add(node, "[\(name)] is written [\(name.uppercased())]")
        }
      }
    },
    DocumentRule(
      "macro-malformed", .warning, .macros,
      "Every [ of a macro has its ] (and %%/${} ad-server macros are filled).",
      spec: "VAST 4.3 §6.1", fix: "close the bracket, or fill the ad server's macro before serving"
    ) { scope, hits in
      for (node, url) in URLRules.urls(scope) {
        let (unfilled, balanced) = url.withUTF8Bytes { bytes in
          let unfilled = zip(bytes, bytes.dropFirst()).contains { pair in
            pair == (UInt8(ascii: "$"), UInt8(ascii: "{")) || pair == (UInt8(ascii: "%"), UInt8(ascii: "%"))
              || pair == (UInt8(ascii: "{"), UInt8(ascii: "{"))
          }
          return (
            unfilled,
            bytes.count(where: { $0 == UInt8(ascii: "[") }) == bytes.count(where: { $0 == UInt8(ascii: "]") })
          )
        }
        if unfilled {
          hits.add(node, "an unfilled ad-server macro in \(url.prefix(60))")
        } else if !balanced {
          hits.add(node, "unbalanced [ ] in \(url.prefix(60))")
        }
      }
    },
    DocumentRule(
      "macro-errorcode-outside-error", .warning, .macros, "[ERRORCODE] is used only in Error URLs.",
      spec: "VAST 4.3 §6.3.1 (ERRORCODE: Error URLs)", fix: "move [ERRORCODE] to an <Error> URL"
    ) { scope, hits in
      for (node, _) in URLRules.urls(scope) where node.name != "Error" {
        if node.urlMacros.contains("ERRORCODE") { hits.add(node, "[ERRORCODE] in a <\(node.name)> URL") }
      }
    },
    DocumentRule(
      "macro-contentplayhead-deprecated", .info, .deprecated,
      "[CONTENTPLAYHEAD] is replaced by [MEDIAPLAYHEAD] (VAST 4.1).",
      spec: "VAST 4.1 §6.2.4 (CONTENTPLAYHEAD deprecated)", fix: "use [MEDIAPLAYHEAD]"
    ) { scope, hits in
      guard scope.version >= VASTVersion(4, 1) else { return }
      for (node, _) in URLRules.urls(scope) where node.urlMacros.contains("CONTENTPLAYHEAD") {
        hits.add(node, "[CONTENTPLAYHEAD] in a VAST \(scope.version) document")
      }
    },
    DocumentRule(
      "macro-version", .info, .macros,
      "A macro is one the document's version defines (older players do not fill it).",
      spec: "VAST 4.1 §6 (macros added)", fix: "raise the version, or fill the value server-side"
    ) { scope, hits in
      guard scope.version < VASTVersion(4, 1) else { return }
      for (node, _) in URLRules.urls(scope) {
        for name in node.urlMacros where since41.contains(name) {
          hits.add(node, "[\(name)] is VAST 4.1 on, not \(scope.version)")
        }
      }
    },
  ]
}

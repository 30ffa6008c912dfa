/// URL hygiene: every URL element holds one absolute https URL.
enum URLRules {
  /// The VAST elements whose text is a URL.
  static let urlElements: Set<String> = [
    "Impression", "Error", "ClickThrough", "ClickTracking", "CustomClick", "Tracking", "MediaFile",
    "Mezzanine",
    "VASTAdTagURI", "CompanionClickThrough", "CompanionClickTracking", "NonLinearClickThrough",
    "NonLinearClickTracking", "IconClickThrough", "IconClickTracking", "IconViewTracking", "StaticResource",
    "IFrameResource", "JavaScriptResource", "ExecutableResource", "ClosedCaptionFile",
    "InteractiveCreativeFile",
    "Viewable", "NotViewable", "ViewUndetermined", "Survey", "DAASTAdTagURI",
  ]

  /// Whether `byte` is an ASCII character RFC 3986 allows nowhere in a URL (macros' brackets
  /// aside): `"<>\^`{|}`.
  static func isDisallowed(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\\"), UInt8(ascii: "^"),
      UInt8(ascii: "`"), UInt8(ascii: "{"), UInt8(ascii: "|"), UInt8(ascii: "}"):
      true
    default: false
    }
  }

  /// The schemes a player fetches.
  static let fetchedSchemes: Set<String> = ["http", "https", "data", "rtsp", "rtmp", "rtmps"]

  /// The URL elements of a document that hold text, with their trimmed URL.
  static func urls(_ scope: DocumentScope) -> [(node: CheckNode, url: String)] { scope.urls }

  /// The URL elements among `nodes` that hold text, with their trimmed URL.
  static func findURLs(_ nodes: ArraySlice<CheckNode>) -> [(node: CheckNode, url: String)] {
    nodes.filter { $0.known.isURLElement && $0.children.isEmpty }.compactMap { node in
      let url = node.trimmedText
      return url.isEmpty ? nil : (node, url)
    }
  }

  static let all: [DocumentRule] = [
    DocumentRule(
      "url-empty", .warning, .urls, "A URL element holds a URL.",
      spec: "VAST 4.3 §3.4.1 (URIs)", fix: "put the URL in, or remove the empty element"
    ) { scope, hits in
      for node in scope.nodes where node.known.isURLElement && node.children.isEmpty {
        if node.trimmedText.isEmpty { hits.add(node, "<\(node.name)> holds no URL") }
      }
    },
    DocumentRule(
      "url-relative", .warning, .urls, "A URL is absolute: it starts with its scheme (https://).",
      spec: "VAST 4.3 §2.3.1 (URIs); RFC 3986 §4.3", fix: "write the full https:// URL"
    ) { scope, hits in
      for (node, url) in urls(scope) where node.urlScheme == nil && !MacroRules.isWholeMacro(url) {
        hits.add(node, "<\(node.name)> URL '\(url.prefix(60))' has no scheme")
      }
    },
    DocumentRule(
      "url-scheme", .error, .urls,
      "A URL is one a player fetches: http(s), data, or RTSP/RTMP for streams (no javascript:, file:, ftp:).",
      spec: "VAST 4.3 §2.3.1 (URIs)", fix: "serve the resource over https"
    ) { scope, hits in
      for (node, url) in urls(scope) {
        guard let scheme = node.urlScheme, !fetchedSchemes.contains(scheme) else {
          continue
        }
        hits.add(node, "<\(node.name)> URL scheme '\(scheme):'")
      }
    },
    DocumentRule(
      "url-http", .warning, .urls, "A URL uses https: players on https pages and apps (ATS) refuse http.",
      spec: "VAST 4.3 §2.3.1 (secure); VAST 4.0 §2.4.7 (https required)", fix: "use https://"
    ) { scope, hits in
      for (node, url) in urls(scope) where node.urlScheme == "http" {
        hits.add(node, "<\(node.name)> URL is http: \(url.prefix(60))")
      }
    },
    DocumentRule(
      "url-host-missing", .error, .urls, "An http(s) URL names a host.",
      spec: "RFC 3986 §3.2.2", fix: "write https://host/path"
    ) { scope, hits in
      for (node, url) in urls(scope) {
        guard let scheme = node.urlScheme, scheme == "http" || scheme == "https",
          node.urlHost?.isEmpty ?? true
        else { continue }
        hits.add(node, "<\(node.name)> URL has no host: \(url.prefix(60))")
      }
    },
    DocumentRule(
      "url-space", .error, .urls, "A URL holds no white space (encode spaces as %20).",
      spec: "RFC 3986 §2", fix: "percent-encode the spaces"
    ) { scope, hits in
      for (node, url) in urls(scope)
      where url.withUTF8Bytes({ $0.contains(where: ASCIIBytes.isSpace) }) {
        hits.add(node, "<\(node.name)> URL holds white space")
      }
    },
    DocumentRule(
      "url-character", .warning, .urls, "A URL holds only characters URLs allow (macros' brackets aside).",
      spec: "RFC 3986 §2", fix: "percent-encode the character"
    ) { scope, hits in
      for (node, url) in urls(scope) where node.urlScheme != "data" {
        if let bad = url.withUTF8Bytes({ $0.first(where: isDisallowed) }) {
          hits.add(node, "<\(node.name)> URL holds '\(Character(Unicode.Scalar(bad)))'")
        }
      }
    },
    DocumentRule(
      "url-localhost", .warning, .urls, "A served URL points at no loopback or test host.",
      spec: "VAST 4.3 §2.3.1", fix: "use the production host"
    ) { scope, hits in
      for (node, url) in urls(scope) {
        guard let host = node.urlHost?.lowercased() else { continue }
        if host == "localhost" || host.hasPrefix("127.") || host == "0.0.0.0" || host == "[::1]" {
          hits.add(node, "<\(node.name)> URL points at \(host)")
        }
      }
    },
    DocumentRule(
      "url-not-cdata", .info, .urls, "A URL is wrapped in CDATA, so & and macros need no escaping.",
      spec: "VAST 4.3 §2.3.1 (CDATA recommended)", fix: "wrap the URL in <![CDATA[…]]>"
    ) { scope, hits in
      for (node, _) in urls(scope) where !node.hasCDATA {
        hits.add(node, "<\(node.name)> URL is not in CDATA")
      }
    },
    DocumentRule(
      "impression-duplicate", .warning, .urls,
      "An ad lists each Impression URL once (else it is counted twice).",
      spec: "VAST 4.3 §3.4.1 (Impression)", fix: "remove the repeated Impression"
    ) { scope, hits in
      for ad in scope.elements("InLine") + scope.elements("Wrapper") {
        var seen: Set<String> = []
        for impression in ad.children("Impression") where !impression.trimmedText.isEmpty {
          if !seen.insert(impression.trimmedText).inserted {
            hits.add(impression, "the same Impression URL again")
          }
        }
      }
    },
    DocumentRule(
      "tracking-duplicate", .warning, .urls,
      "A TrackingEvents lists each event's URL once (else it fires twice).",
      spec: "VAST 4.3 §3.15.1", fix: "remove the repeated Tracking"
    ) { scope, hits in
      for events in scope.elements("TrackingEvents") {
        var seen: Set<String> = []
        for tracking in events.children("Tracking") where !tracking.trimmedText.isEmpty {
          let key = (tracking.attribute("event") ?? "") + " " + (tracking.attribute("offset") ?? "") + " "
          if !seen.insert(key + tracking.trimmedText).inserted {
            hits.add(tracking, "the same '\(tracking.attribute("event") ?? "")' URL again")
          }
        }
      }
    },
  ]
}

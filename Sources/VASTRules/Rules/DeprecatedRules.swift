/// Elements, attributes and values that later versions deprecated or removed.
enum DeprecatedRules {
  static let flashTypes: Set<String> = ["video/x-flv", "application/x-shockwave-flash", "video/flv"]

  static let all: [DocumentRule] = [
    DocumentRule(
      "wrapper-adtagurl-legacy", .error, .deprecated,
      "A Wrapper points on with <VASTAdTagURI>; VAST 1.0's <VASTAdTagURL> is read by no VAST 2+ player.",
      spec: "VAST 2.0 §2.4.1 (VASTAdTagURI)",
      fix: "rename <VASTAdTagURL><URL>…</URL></VASTAdTagURL> to <VASTAdTagURI>…</VASTAdTagURI>"
    ) { scope, hits in
      for node in scope.elements("VASTAdTagURL") {
        hits.add(node, "<VASTAdTagURL> is VAST 1.0; the wrapper leads nowhere")
      }
    },
    DocumentRule(
      "tracking-event-removed", .warning, .deprecated,
      "A tracking event is one VAST 4 kept (fullscreen, expand, … became playerExpand, adExpand, …).",
      spec: "VAST 4.0 §3.14.1 (events replaced); XSDs 4.0–4.2",
      fix: "use the VAST 4 event named in the finding"
    ) { scope, hits in
      let column = scope.version.schemaColumn
      for node in TrackingEvents.trackings(scope) {
        guard let event = node.attribute("event"), let last = TrackingEvents.lastColumn(of: event),
          last < column
        else { continue }
        let instead = TrackingEvents.replacements[event].map { "; use \($0)" } ?? ""
        hits.add(node, attribute: "event", "'\(event)' is not a VAST \(scope.version) event\(instead)")
      }
    },
    DocumentRule(
      "mediafile-flash", .warning, .deprecated, "Media is not Flash (no player plays FLV or SWF).",
      spec: "VAST 4.1 §3.9.1 (Flash removed); error 403", fix: "serve MP4 (H.264) or WebM"
    ) { scope, hits in
      for node in scope.elements("MediaFile") {
        guard let type = node.attribute("type")?.lowercased(), flashTypes.contains(type) else { continue }
        hits.add(node, attribute: "type", "a Flash media file (\(type))")
      }
    },
    DocumentRule(
      "mediafile-vpaid", .warning, .deprecated,
      "Interactive ads use SIMID and OMID, not VPAID (deprecated in VAST 4.1).",
      spec: "VAST 4.1 §3.9.1 (apiFramework VPAID deprecated); SIMID 1.0",
      fix: "serve an InteractiveCreativeFile with apiFramework=\"SIMID\""
    ) { scope, hits in
      for node in scope.elements("MediaFile") where node.attribute("apiFramework")?.uppercased() == "VPAID" {
        hits.add(node, attribute: "apiFramework", "a VPAID media file")
      }
    },
    DocumentRule(
      "flash-resource", .warning, .deprecated,
      "Verification code is JavaScript, not Flash (<FlashResource>, VAST 4.0 only).",
      spec: "VAST 4.1 §3.17.1 (FlashResource removed)", fix: "use <JavaScriptResource>"
    ) { scope, hits in
      for node in scope.elements("FlashResource") { hits.add(node, "<FlashResource> (removed in VAST 4.1)") }
    },
    DocumentRule(
      "conditional-ad-deprecated", .warning, .deprecated,
      "Ad@conditionalAd is not used (deprecated in VAST 4.1 with VPAID).",
      spec: "VAST 4.1 §3.3.1 (conditionalAd deprecated)", fix: "remove conditionalAd"
    ) { scope, hits in
      guard scope.version >= VASTVersion(4, 1) else { return }
      for ad in scope.root.children("Ad") where ad.attribute("conditionalAd") != nil {
        hits.add(ad, attribute: "conditionalAd", "conditionalAd in a VAST \(scope.version) document")
      }
    },
    DocumentRule(
      "survey-deprecated", .info, .deprecated,
      "<Survey> is not used (deprecated in VAST 4.1; use Verification).",
      spec: "VAST 4.1 §3.4.1 (Survey deprecated)", fix: "remove <Survey>"
    ) { scope, hits in
      guard scope.version >= VASTVersion(4, 1) else { return }
      for node in scope.elements("Survey") { hits.add(node, "<Survey> in a VAST \(scope.version) document") }
    },
    DocumentRule(
      "creative-adid-spelling", .warning, .deprecated,
      "Creative@adId is spelled adId from VAST 4.0 (AdID before).",
      spec: "VAST 4.0 §3.6.1", fix: "rename AdID to adId"
    ) { scope, hits in
      guard scope.version >= VASTVersion(4, 0) else { return }
      for node in scope.elements("Creative") where node.attribute("AdID") != nil {
        hits.add(node, attribute: "AdID", "AdID is VAST 2.0/3.0's spelling")
      }
    },
    DocumentRule(
      "extension-adverifications-legacy", .info, .deprecated,
      "From VAST 4.1, verification goes in <AdVerifications>, not in an Extension of type AdVerifications.",
      spec: "VAST 4.1 §3.17; OMID 1.0 VAST 3 guidance (Extension type=\"AdVerifications\")",
      fix: "move the Verification elements to <AdVerifications> under InLine"
    ) { scope, hits in
      guard scope.version >= VASTVersion(4, 1) else { return }
      for node in scope.elements("Extension") where node.attribute("type") == "AdVerifications" {
        hits.add(node, "verification in an Extension in a VAST \(scope.version) document")
      }
    },
  ]
}

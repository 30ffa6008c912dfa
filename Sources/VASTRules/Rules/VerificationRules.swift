/// OMID verification (`AdVerifications`), SIMID and interactive files.
enum VerificationRules {
  static let all: [DocumentRule] = [
    DocumentRule(
      "verification-vendor-missing", .warning, .verification,
      "Each <Verification> names its vendor (the spec's prose requires it; the 4.1/4.2 XSDs do not).",
      spec: "VAST 4.3 §3.17.1 (vendor required); OMID 1.3 §VAST", fix: "add vendor=\"company.com-omid\""
    ) { scope, hits in
      for node in scope.elements("Verification") where node.attribute("vendor") == nil {
        hits.add(node, "<Verification> has no vendor")
      }
    },
    DocumentRule(
      "verification-resource-missing", .error, .verification,
      "Each <Verification> has a <JavaScriptResource> or an <ExecutableResource>.",
      spec: "VAST 4.3 §3.17.1", fix: "add the verification script's URL"
    ) { scope, hits in
      for node in scope.elements("Verification") {
        let resources = ["JavaScriptResource", "ExecutableResource", "FlashResource"].filter {
          node.child($0) != nil
        }
        if resources.isEmpty { hits.add(node, "<Verification> has no script") }
      }
    },
    DocumentRule(
      "verification-apiframework-missing", .warning, .verification,
      "A verification <JavaScriptResource> has apiFramework (\"omid\" for Open Measurement).",
      spec: "VAST 4.3 §3.17.2 (apiFramework)", fix: "add apiFramework=\"omid\""
    ) { scope, hits in
      for node in scope.elements("JavaScriptResource") where node.isInside("Verification") {
        if node.attribute("apiFramework") == nil {
          hits.add(node, "<JavaScriptResource> has no apiFramework")
        }
      }
    },
    DocumentRule(
      "verification-apiframework-value", .info, .verification,
      "A verification script's apiFramework is \"omid\" (others run only in players that know them).",
      spec: "VAST 4.3 §3.17.2; OMID 1.3", fix: "use apiFramework=\"omid\" for an OM SDK script"
    ) { scope, hits in
      for node in scope.elements("JavaScriptResource") where node.isInside("Verification") {
        guard let framework = node.attribute("apiFramework"), framework.lowercased() != "omid" else {
          continue
        }
        hits.add(node, attribute: "apiFramework", "apiFramework '\(framework)'")
      }
    },
    DocumentRule(
      "verification-parameters-not-cdata", .warning, .verification,
      "<VerificationParameters> is wrapped in CDATA (it is an opaque string, often JSON).",
      spec: "VAST 4.3 §3.17.1 (VerificationParameters: CDATA)", fix: "wrap the parameters in <![CDATA[…]]>"
    ) { scope, hits in
      for node in scope.elements("VerificationParameters") where !node.trimmedText.isEmpty && !node.hasCDATA {
        hits.add(node, "<VerificationParameters> is not in CDATA")
      }
    },
    DocumentRule(
      "verification-tracking-event", .error, .verification,
      "A Verification's tracking event is verificationNotExecuted.",
      spec: "VAST 4.3 §3.17.1 (TrackingEvents)", fix: "use event=\"verificationNotExecuted\""
    ) { scope, hits in
      for node in scope.elements("Tracking") where node.isInside("Verification") {
        guard let event = node.attribute("event"), event != "verificationNotExecuted" else { continue }
        hits.add(node, attribute: "event", "'\(event)' in a Verification's tracking")
      }
    },
    DocumentRule(
      "verification-vendor-duplicate", .warning, .verification, "An ad lists each verification vendor once.",
      spec: "VAST 4.3 §3.17", fix: "merge the two Verification elements"
    ) { scope, hits in
      for list in scope.elements("AdVerifications") {
        var seen: Set<String> = []
        for node in list.children("Verification") {
          guard let vendor = node.attribute("vendor"), !vendor.isEmpty else { continue }
          if !seen.insert(vendor).inserted { hits.add(node, attribute: "vendor", "vendor '\(vendor)' again") }
        }
      }
    },
    DocumentRule(
      "executableresource-attributes-missing", .warning, .verification,
      "An <ExecutableResource> has apiFramework and type.",
      spec: "VAST 4.3 §3.17.3", fix: "add apiFramework=\"…\" and type=\"…\""
    ) { scope, hits in
      for node in scope.elements("ExecutableResource") {
        let missing = ["apiFramework", "type"].filter { node.attribute($0) == nil }
        if !missing.isEmpty {
          hits.add(node, "<ExecutableResource> has no \(missing.joined(separator: " and "))")
        }
      }
    },
    DocumentRule(
      "interactivefile-apiframework-value", .info, .verification,
      "An <InteractiveCreativeFile>'s apiFramework is SIMID (the IAB's interactive API).",
      spec: "VAST 4.3 §3.9.4; SIMID 1.1", fix: "use apiFramework=\"SIMID\""
    ) { scope, hits in
      for node in scope.elements("InteractiveCreativeFile") {
        guard let framework = node.attribute("apiFramework"), framework.uppercased() != "SIMID" else {
          continue
        }
        hits.add(node, attribute: "apiFramework", "apiFramework '\(framework)'")
      }
    },
    DocumentRule(
      "interactivefile-type-value", .warning, .verification, "A SIMID InteractiveCreativeFile is text/html.",
      spec: "SIMID 1.1 §3 (creative is an HTML document)", fix: "use type=\"text/html\""
    ) { scope, hits in
      for node in scope.elements("InteractiveCreativeFile")
      where node.attribute("apiFramework")?.uppercased() == "SIMID" {
        guard let type = node.attribute("type"), type.lowercased() != "text/html" else { continue }
        hits.add(node, attribute: "type", "a SIMID file of type '\(type)'")
      }
    },
  ]
}

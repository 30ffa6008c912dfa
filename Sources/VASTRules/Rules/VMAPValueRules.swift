/// VMAP 1.0.1: the values of breaks, sources and tracking.
enum VMAPValueRules {
  static let all: [DocumentRule] = [
    VMAPRules.vmap("vmap-timeoffset-missing", .error, "Each <AdBreak> has a timeOffset.", "VMAP 1.0.1 §2.4.2")
    {
      scope, hits in
      for node in VMAPRules.elements(scope, "AdBreak") where node.attribute("timeOffset") == nil {
        hits.add(node, "<AdBreak> has no timeOffset")
      }
    },
    VMAPRules.vmap(
      "vmap-timeoffset-format", .error, "AdBreak@timeOffset is start, end, HH:MM:SS(.mmm), n% or #n.",
      "VMAP 1.0.1 §2.4.2 (timeOffset)"
    ) { scope, hits in
      for node in VMAPRules.elements(scope, "AdBreak") {
        guard let text = node.attribute("timeOffset"), !isTimeOffset(text) else { continue }
        hits.add(node, attribute: "timeOffset", "timeOffset '\(text)'")
      }
    },
    VMAPRules.vmap("vmap-breaktype-missing", .error, "Each <AdBreak> has a breakType.", "VMAP 1.0.1 §2.4.2") {
      scope, hits in
      for node in VMAPRules.elements(scope, "AdBreak") where node.attribute("breakType") == nil {
        hits.add(node, "<AdBreak> has no breakType")
      }
    },
    VMAPRules.vmap(
      "vmap-breaktype-value", .error,
      "AdBreak@breakType is linear, nonlinear or display (or a comma list of them).",
      "VMAP 1.0.1 §2.4.2 (breakType)"
    ) { scope, hits in
      for node in VMAPRules.elements(scope, "AdBreak") {
        guard let text = node.attribute("breakType") else { continue }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map {
          String($0).trimmingWhitespace
        }
        if parts.contains(where: { !["linear", "nonlinear", "display"].contains($0) }) {
          hits.add(node, attribute: "breakType", "breakType '\(text)'")
        }
      }
    },
    VMAPRules.vmap(
      "vmap-repeatafter-format", .error, "AdBreak@repeatAfter is HH:MM:SS(.mmm) above zero.",
      "VMAP 1.0.1 §2.4.2 (repeatAfter)"
    ) { scope, hits in
      for node in VMAPRules.elements(scope, "AdBreak") {
        guard let text = node.attribute("repeatAfter") else { continue }
        if (ValueFormats.clock(text) ?? 0) <= 0 {
          hits.add(node, attribute: "repeatAfter", "repeatAfter '\(text)'")
        }
      }
    },
    VMAPRules.vmap(
      "vmap-tracking-event-value", .error, "A VMAP Tracking@event is breakStart, breakEnd or error.",
      "VMAP 1.0.1 §2.4.4"
    ) { scope, hits in
      for node in VMAPRules.elements(scope, "Tracking") {
        let event = node.attribute("event") ?? ""
        if !["breakStart", "breakEnd", "error"].contains(event) {
          hits.add(node, attribute: "event", event.isEmpty ? "a Tracking without event" : "event '\(event)'")
        }
      }
    },
    VMAPRules.vmap(
      "vmap-boolean", .error, "AdSource@allowMultipleAds and @followRedirects are true or false.",
      "VMAP 1.0.1 §2.4.3"
    ) { scope, hits in
      for node in VMAPRules.elements(scope, "AdSource") {
        for name in ["allowMultipleAds", "followRedirects"] {
          guard let text = node.attribute(name), !ValueFormats.isBoolean(text) else { continue }
          hits.add(node, attribute: name, "\(name) '\(text)' is not true or false")
        }
      }
    },
    VMAPRules.vmap(
      "vmap-url-empty", .error, "A VMAP AdTagURI or Tracking holds a URL.", "VMAP 1.0.1 §2.4.3.2, §2.4.4"
    ) { scope, hits in
      for node in VMAPRules.elements(scope) where node.name == "AdTagURI" || node.name == "Tracking" {
        if node.trimmedText.isEmpty { hits.add(node, "<\(node.name)> holds no URL") }
      }
    },
    VMAPRules.vmap(
      "vmap-url-http", .warning, "A VMAP AdTagURI or Tracking URL uses https.",
      "VMAP 1.0.1 §2.4.3.2; VAST 4.3 §2.3.1"
    ) { scope, hits in
      for node in VMAPRules.elements(scope) where node.name == "AdTagURI" || node.name == "Tracking" {
        if URLParts.scheme(node.trimmedText)?.lowercased() == "http" { hits.add(node, "an http URL") }
      }
    },
    VMAPRules.vmap(
      "vmap-break-order", .info, "Breaks are listed in play order (start, times ascending, end).",
      "VMAP 1.0.1 §2.4.2"
    ) { scope, hits in
      var last = -1.0
      for node in VMAPRules.elements(scope, "AdBreak") {
        guard let text = node.attribute("timeOffset"), let time = orderTime(text) else { continue }
        if time < last { hits.add(node, attribute: "timeOffset", "break at \(text) after a later one") }
        last = max(last, time)
      }
    },
  ]

  static func isTimeOffset(_ text: String) -> Bool {
    if text == "start" || text == "end" { return true }
    if text.hasPrefix("#") { return ValueFormats.positiveInteger(String(text.dropFirst())) != nil }
    if let percent = ValueFormats.percent(text) { return percent <= 100 }
    return ValueFormats.clock(text) != nil
  }

  private static func orderTime(_ text: String) -> Double? {
    if text == "start" { return 0 }
    if text == "end" { return .infinity }
    return ValueFormats.clock(text)
  }
}

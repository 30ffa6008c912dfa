extension VMAPDocument {
  /// The schedule as indented text: each break with its offset, type, source and tracking.
  public func text(source: String, style: (String, String) -> String = { text, _ in text }) -> String {
    var lines = [style(source, "1") + " — VMAP \(version), \(adBreaks.count) ad break(s)"]
    for (index, adBreak) in adBreaks.enumerated() {
      var head = "AdBreak \(index + 1)"
      head += adBreak.breakId.map { " · \($0)" } ?? ""
      head += " · " + (adBreak.timeOffset?.description ?? "no timeOffset")
      head +=
        " · " + (adBreak.breakTypes.isEmpty ? "no breakType" : adBreak.breakTypes.joined(separator: ","))
      if let repeatAfter = adBreak.repeatAfter {
        head += " · repeats every \(VASTDuration.format(repeatAfter))"
      }
      lines += ["", style(head, "1") + " (line \(adBreak.line))"]
      if let source = adBreak.adSource { lines.append("  " + Self.describe(source)) }
      for tracking in adBreak.trackingEvents { lines.append("  \(tracking.event): \(tracking.url)") }
      if adBreak.extensionsXML != nil { lines.append("  extensions: kept as raw XML") }
      if let error = adBreak.error {
        lines.append(
          style("  failed: error \(error.code.rawValue) (\(error.code.summary)): \(error.message)", "31"))
      }
    }
    for issue in issues { lines.append(style("issue: \(issue)", "33")) }
    return lines.joined(separator: "\n")
  }

  private static func describe(_ source: VMAPAdSource) -> String {
    var flags: [String] = []
    if let value = source.allowMultipleAds { flags.append("allowMultipleAds \(value)") }
    if let value = source.followRedirects { flags.append("followRedirects \(value)") }
    var text = "source" + (source.id.map { " \($0)" } ?? "")
    if !flags.isEmpty { text += " (" + flags.joined(separator: ", ") + ")" }
    switch source.content {
    case .vastAdData(let vast)?:
      let ids = vast.ads.map { $0.id ?? "(no id)" }.joined(separator: ", ")
      text += ": inline VAST \(vast.version), \(vast.ads.count) ad(s)" + (ids.isEmpty ? "" : ": \(ids)")
    case .adTagURI(let url, let templateType)?:
      text += ": AdTagURI" + (templateType.map { " (\($0))" } ?? "") + " \(url)"
    case .customAdData(_, let templateType)?:
      text += ": CustomAdData" + (templateType.map { " (\($0))" } ?? "")
    case nil:
      text += ": no ad data"
    }
    return text
  }
}

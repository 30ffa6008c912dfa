/// The HTML report of a run: one self-contained page (inline CSS and SVG, no request to
/// anywhere) with the run's timeline, a legend, what went wrong and a table of every event and
/// beacon. The picture needs no script; the inline script adds details on hover and focus and
/// the table's filters.
public enum RunReport {
  /// The page for one run.
  public static func html(_ page: ReportPage) -> String {
    let summary = ReportSummary(page.timeline, marks: page.marks)
    var out = head(page.title)
    out += "<header><h1>\(HTML.escape(page.title))</h1>"
    if !page.subtitle.isEmpty { out += "<p class=\"sub\">\(HTML.escape(page.subtitle))</p>" }
    if let verdict = page.verdict {
      let (kind, word) = verdict.passed ? ("pass", "✓ PASS") : ("fail", "✗ FAIL")
      out += "<p><span class=\"verdict \(kind)\">\(word)</span> \(HTML.escape(verdict.text))</p>"
    }
    out += "<p class=\"summary\">\(HTML.escape(summary.sentence))</p></header><main>"
    out += problems(page)
    out += "<h2>Timeline</h2>" + TimelineSVG(page.timeline, marks: page.marks).html
    out += "<ul class=\"legend\" aria-label=\"Legend\">" + legendItems
    if !page.timeline.interstitials.isEmpty { out += TimelineInterstitials.legend }
    out += "</ul>"
    out += ReportTable(timeline: page.timeline, marks: page.marks).html
    out += "</main><div id=\"tip\" role=\"tooltip\" hidden></div>"
    return out + "<script>\(ReportAssets.script)</script></body></html>\n"
  }

  static func head(_ title: String) -> String {
    "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">"
      + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
      // No request may leave the page: not even for a favicon.
      + "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
      + "style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">"
      + "<link rel=\"icon\" href=\"data:,\">"
      + "<title>\(HTML.escape(title)) — adhost report</title><style>\(ReportAssets.css)</style></head><body>"
  }

  /// The failed checks and the errors, as a list above the picture.
  private static func problems(_ page: ReportPage) -> String {
    let errors = page.timeline.errors
    guard !page.marks.isEmpty || !errors.isEmpty else { return "" }
    var out = "<section class=\"problems\" aria-labelledby=\"problems-heading\"><h2 id=\"problems-heading\">"
    out += "What went wrong</h2><ul>"
    for mark in page.marks {
      let at = mark.time.map { " at \(HTML.seconds($0))" } ?? ""
      out += "<li class=\"check\"><strong>\(HTML.escape(mark.label.isEmpty ? "check" : mark.label))</strong>"
      out += "\(at): \(HTML.escape(mark.message))"
      let rows = page.timeline.rows.kept.filter { mark.entries.contains($0.position) }.map(\.number)
      out += rows.map { " (<a href=\"#row-\($0)\">row</a>)" }.joined() + "</li>"
    }
    for error in errors {
      out +=
        "<li class=\"err\"><strong>! \(HTML.escape(error.kind.rawValue))</strong> at \(HTML.seconds(error.time)): "
      out += "\(HTML.escape(error.text)) (<a href=\"#row-\(error.row)\">row</a>)</li>"
    }
    let more = page.timeline.counts.errors - errors.count
    if more > 0 { out += "<li class=\"err omitted\">\(ReportSummary.count(more, "more error")) omitted</li>" }
    return out + "</ul></section>"
  }

  /// What each mark of the picture means, drawn as it is drawn there.
  private static let legendItems: String = {
    func swatch(_ inner: String) -> String {
      "<svg width=\"34\" height=\"22\" viewBox=\"0 0 34 22\" aria-hidden=\"true\">\(inner)</svg>"
    }
    func ad(_ outcome: AdOutcome) -> String {
      let text = TimelineSVG.glyph(outcome, x: 4, y: 6)
      return "<li>"
        + swatch(
          "<g class=\"ad \(outcome.rawValue)\"><rect x=\"1\" y=\"2\" width=\"32\" height=\"18\" rx=\"2\"/>\(text)</g>"
        )
        + "ad \(outcome.label)</li>"
    }
    var out =
      "<li>" + swatch("<polyline class=\"content\" points=\"1,20 12,9 22,9 22,15 33,4\"/>")
      + "content time (flat: waiting; vertical: seek)</li>"
    out +=
      "<li>" + swatch("<g class=\"break\"><rect x=\"1\" y=\"4\" width=\"32\" height=\"14\" rx=\"3\"/></g>")
      + "ad break</li>"
    out += AdOutcome.allCases.map(ad).joined()
    out += "<li>" + swatch("<g class=\"beacon ok\"><path d=\"M17 3V19\"/></g>") + "beacon (2xx)</li>"
    out +=
      "<li>" + swatch("<g class=\"beacon failed\"><path d=\"M13 7l8 8m0 -8l-8 8\"/></g>")
      + "beacon failed</li>"
    out += "<li>" + swatch("<g class=\"action\"><path d=\"M11 4h12l-6 11z\"/></g>") + "scripted action</li>"
    out +=
      "<li>"
      + swatch(
        "<g class=\"err\"><circle cx=\"17\" cy=\"11\" r=\"8\"/><text class=\"bang\" x=\"17\" y=\"15\">!</text></g>"
      )
      + "error, with its message</li>"
    out +=
      "<li>" + swatch("<g class=\"check\"><path d=\"M17 1l8 10l-8 10l-8 -10z\"/></g>") + "failed check</li>"
    return out
  }()
}

/// One line of the index page of `adhost test --report`: a scenario and its page.
public struct ReportIndexEntry: Sendable {
  /// The scenario's file.
  public let title: String
  /// The page's file name, relative to the index.
  public let href: String
  public let passed: Bool
  /// The first unmet expectation, when it failed.
  public let detail: String

  /// Creates a line.
  public init(title: String, href: String, passed: Bool, detail: String) {
    self.title = title
    self.href = href
    self.passed = passed
    self.detail = detail
  }
}

extension RunReport {
  /// The index of a test run's pages: each scenario with PASS or FAIL and a link to its page.
  public static func index(_ entries: [ReportIndexEntry]) -> String {
    let failed = entries.filter { !$0.passed }.count
    var out = head("adhost test")
    out +=
      "<header><h1>adhost test</h1><p class=\"summary\">\(entries.count - failed) passed, \(failed) failed</p>"
    out +=
      "</header><main><div class=\"table-scroll\"><table class=\"index\"><thead><tr><th scope=\"col\">result</th>"
    out += "<th scope=\"col\">scenario</th><th scope=\"col\">first failure</th></tr></thead><tbody>"
    for entry in entries {
      let (kind, word) = entry.passed ? ("pass", "✓ PASS") : ("fail", "✗ FAIL")
      out += "<tr class=\"\(kind)\"><td><span class=\"verdict \(kind)\">\(word)</span></td>"
      out += "<td><a href=\"\(HTML.escape(entry.href))\">\(HTML.escape(entry.title))</a></td>"
      out += "<td>\(HTML.escape(entry.detail))</td></tr>"
    }
    return out + "</tbody></table></div></main></body></html>\n"
  }
}

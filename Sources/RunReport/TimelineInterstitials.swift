/// The interstitials in the content lane, drawn as a viewer's timeline would show them: one that
/// occupies a range (`X-TIMELINE-OCCUPIES=RANGE`) as a box over the content times it takes, one
/// that occupies a point as a dot where the content paused, with a line over its play; one styled
/// as content (`X-TIMELINE-STYLE=PRIMARY`) in the content's colours, one styled as an ad
/// (`HIGHLIGHT`) in the ads' colours.
struct TimelineInterstitials {
  let timeline: RunTimeline
  let layout: TimelineLayout

  /// The interstitials' SVG elements (nothing when the run had none).
  var html: String {
    guard !timeline.interstitials.isEmpty else { return "" }
    var out = "<g class=\"interstitials\">"
    for span in timeline.interstitials { out += element(span) }
    return out + "</g>"
  }

  private func element(_ span: InterstitialSpan) -> String {
    let end = span.end ?? timeline.endTime
    let (x, w) = (layout.x(span.begin), max(4, layout.x(end) - layout.x(span.begin)))
    let y = layout.y(content: span.contentStart)
    let shape = span.occupiesRange ? "range" : "point"
    let style = span.primaryStyle ? "primary" : "highlight"
    var text = "Interstitial \(span.id): "
    if span.occupiesRange {
      let last = span.contentStart + (span.span ?? 0)
      text += "a range of the content's timeline, \(HTML.seconds(span.contentStart)) to \(HTML.seconds(last))"
    } else {
      text += "a point of the content's timeline, at \(HTML.seconds(span.contentStart))"
    }
    text += span.primaryStyle ? "; shown as content (PRIMARY)" : "; shown as an ad (HIGHLIGHT)"
    text += "; played \(HTML.seconds(span.begin)) to " + (span.end.map(HTML.seconds) ?? "the run's end")
    text += " (virtual)"
    var out =
      "<g class=\"interstitial \(shape) \(style)\" data-occupies=\"\(shape)\" data-style=\"\(style)\" "
    out += "tabindex=\"0\" aria-label=\"\(HTML.escape(text))\"><title>\(HTML.escape(text))</title>"
    if span.occupiesRange {
      let top = layout.y(content: span.contentStart + (span.span ?? 0))
      out += "<rect x=\"\(HTML.coordinate(x))\" y=\"\(HTML.coordinate(min(top, y - 4)))\" "
      out += "width=\"\(HTML.coordinate(w))\" height=\"\(HTML.coordinate(max(4, y - top)))\"/>"
    } else {
      out += "<path d=\"M\(HTML.coordinate(x)) \(HTML.coordinate(y))H\(HTML.coordinate(x + w))\"/>"
      out += "<circle cx=\"\(HTML.coordinate(x))\" cy=\"\(HTML.coordinate(y))\" r=\"5\"/>"
    }
    return out + "</g>"
  }

  /// The legend's entries for the four ways an interstitial is drawn.
  static let legend: String = {
    func swatch(_ classes: String, _ inner: String, _ words: String) -> String {
      "<li><svg width=\"34\" height=\"22\" viewBox=\"0 0 34 22\" aria-hidden=\"true\"><g class=\"interstitial "
        + classes + "\">" + inner + "</g></svg>" + words + "</li>"
    }
    let box = "<rect x=\"4\" y=\"3\" width=\"26\" height=\"16\"/>"
    let dot = "<path d=\"M8 11H30\"/><circle cx=\"8\" cy=\"11\" r=\"5\"/>"
    return swatch("range highlight", box, "interstitial over a range of content, shown as an ad")
      + swatch("range primary", box, "interstitial over a range of content, shown as content")
      + swatch("point highlight", dot, "interstitial at a point of content, shown as an ad")
      + swatch("point primary", dot, "interstitial at a point of content, shown as content")
  }()
}

/// The timeline picture: two SVGs, the lanes' labels (sticky on the left) and the time plot,
/// drawn from the run's timeline with no script.
struct TimelineSVG {
  let timeline: RunTimeline
  let marks: [ReportMark]
  let layout: TimelineLayout

  init(_ timeline: RunTimeline, marks: [ReportMark]) {
    self.timeline = timeline
    self.marks = marks
    layout = TimelineLayout(timeline, marks: marks)
  }

  /// The labels' SVG and the plot's SVG.
  var html: String {
    var out = "<div class=\"scroller\" tabindex=\"0\" aria-label=\"Timeline, scrolls sideways\">"
    out += labels
    let (w, h) = (HTML.coordinate(layout.width), HTML.coordinate(layout.height))
    out +=
      "<svg class=\"plot\" role=\"img\" aria-labelledby=\"plot-title plot-desc\" width=\"\(w)\" height=\"\(h)\" "
    out += "viewBox=\"0 0 \(w) \(h)\" xmlns=\"http://www.w3.org/2000/svg\">"
    out += "<title id=\"plot-title\">Timeline of the run</title><desc id=\"plot-desc\">"
    out += HTML.escape(ReportSummary(timeline, marks: marks).sentence) + "</desc>"
    out += Self.patterns
    out +=
      axis + TimelineInterstitials(timeline: timeline, layout: layout).html + contentTrace + breakBars
      + adBars
    var marksSVG = TimelineMarks(timeline: timeline, marks: marks, layout: layout)
    out += marksSVG.html()
    out += "</svg></div>"
    return out
  }

  /// Fills for the ad outcomes: patterns, so that no outcome is told by colour alone.
  static let patterns = """
    <defs>\
    <pattern id="p-skipped" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">\
    <rect width="6" height="6" fill="#fbe3b0"/><rect width="3" height="6" fill="#e69f00"/></pattern>\
    <pattern id="p-failed" width="8" height="8" patternUnits="userSpaceOnUse">\
    <rect width="8" height="8" fill="#f6d0c8"/><path d="M0 0L8 8M8 0L0 8" stroke="#b8290b" stroke-width="1.6"/></pattern>\
    <pattern id="p-unfinished" width="6" height="6" patternUnits="userSpaceOnUse">\
    <rect width="6" height="6" fill="#cfe6f5"/><circle cx="3" cy="3" r="1.4" fill="#0072b2"/></pattern>\
    </defs>
    """

  private var labels: String {
    let (w, h) = (HTML.coordinate(TimelineLayout.labelWidth), HTML.coordinate(layout.height))
    var out =
      "<svg class=\"labels\" aria-hidden=\"true\" width=\"\(w)\" height=\"\(h)\" viewBox=\"0 0 \(w) \(h)\">"
    for lane in layout.labelledLanes {
      let y = HTML.coordinate(lane.middle + 4)
      let text = lane.label.count > 17 ? String(lane.label.prefix(16)) + "…" : lane.label
      out += "<text x=\"6\" y=\"\(y)\">\(HTML.escape(text))</text>"
    }
    let range = layout.contentRange
    out += "<text class=\"small\" x=\"6\" y=\"\(HTML.coordinate(layout.y(content: range.high) + 4))\">"
    out += "\(HTML.clock(range.high))</text>"
    out += "<text class=\"small\" x=\"6\" y=\"\(HTML.coordinate(layout.y(content: range.low)))\">"
    out += "\(HTML.clock(range.low))</text>"
    return out + "</svg>"
  }

  private var axis: String {
    let bottom = HTML.coordinate(layout.height - 4)
    var out = "<g class=\"axis\">"
    for lane in layout.labelledLanes.dropFirst() {
      let y = HTML.coordinate(lane.top)
      out +=
        "<path class=\"lane\" d=\"M\(HTML.coordinate(layout.x(0))) \(y)H\(HTML.coordinate(layout.x(layout.duration)))\"/>"
    }
    for tick in layout.ticks {
      let x = HTML.coordinate(layout.x(tick))
      out += "<path d=\"M\(x) 18V\(bottom)\"/><text x=\"\(x)\" y=\"13\">\(HTML.clock(tick))</text>"
    }
    return out + "</g>"
  }

  private var contentTrace: String {
    let points = timeline.trace.points.map { point in
      HTML.coordinate(layout.x(point.time)) + "," + HTML.coordinate(layout.y(content: point.content))
    }
    return "<polyline class=\"content\" points=\"\(points.joined(separator: " "))\"><title>"
      + "Content time against virtual time: flat while the content waits (an ad plays, a pause), "
      + "vertical at a seek</title></polyline>"
  }

  private var breakBars: String {
    var out = "<g class=\"breaks\">"
    let lane = layout.breaks
    for adBreak in timeline.breaks {
      let end = adBreak.end ?? timeline.endTime
      let (x, w) = (layout.x(adBreak.begin), max(3, layout.x(end) - layout.x(adBreak.begin)))
      let text =
        "Ad break at \(HTML.seconds(adBreak.offset)) of content: from \(HTML.seconds(adBreak.begin)) to "
        + (adBreak.end.map(HTML.seconds) ?? "the run's end") + " (virtual)"
      out +=
        "<g class=\"break\" tabindex=\"0\" aria-label=\"\(HTML.escape(text))\"><title>\(HTML.escape(text))</title>"
      out +=
        "<rect x=\"\(HTML.coordinate(x))\" y=\"\(HTML.coordinate(lane.top + 6))\" width=\"\(HTML.coordinate(w))\" "
      out += "height=\"\(HTML.coordinate(lane.height - 12))\" rx=\"3\"/></g>"
    }
    return out + "</g>"
  }

  private var adBars: String {
    var out = "<g class=\"ads\">"
    for (index, ad) in timeline.ads.enumerated() {
      guard let begin = ad.begin else { continue }
      let lane = layout.adLanes[layout.adLane[index]]
      let x = layout.x(begin)
      let w = max(
        ad.outcome == .seekedOver || ad.outcome == .notPlayed ? 18 : 6, layout.x(ad.end ?? begin) - x)
      var text = "Ad \(ad.id)"
      if let offset = ad.breakOffset { text += ", break at \(HTML.seconds(offset))" }
      text += ": \(ad.outcome.label)"
      if ad.outcome != .seekedOver && ad.outcome != .notPlayed {
        text += ", \(HTML.seconds(begin)) to \(HTML.seconds(ad.end ?? begin)) (virtual)"
      } else {
        text += " (at \(HTML.seconds(begin)) virtual)"
      }
      if let error = ad.error { text += " — \(error)" }
      out += "<g class=\"ad \(ad.outcome.rawValue)\" data-outcome=\"\(ad.outcome.rawValue)\" tabindex=\"0\" "
      out += "aria-label=\"\(HTML.escape(text))\"><title>\(HTML.escape(text))</title>"
      out +=
        "<rect x=\"\(HTML.coordinate(x))\" y=\"\(HTML.coordinate(lane.top + 5))\" width=\"\(HTML.coordinate(w))\" "
      out += "height=\"20\" rx=\"2\"/>"
      out += Self.glyph(ad.outcome, x: x + 3, y: lane.top + 10)
      out += "</g>"
    }
    return out + "</g>"
  }

  /// A sign in the bar at (x, y) (its top left), so the outcome reads without colour.
  static func glyph(_ outcome: AdOutcome, x: Double, y: Double) -> String {
    let at = "M\(HTML.coordinate(x)) \(HTML.coordinate(y))"
    switch outcome {
    case .played: return ""
    // ⏭: two triangles and a bar.
    case .skipped: return "<path class=\"glyph\" d=\"\(at)l5 5l-5 5zm5 0l5 5l-5 5zm6 0v10\"/>"
    case .seekedOver: return "<path class=\"glyph line\" d=\"\(at)l4 5l-4 5m5 -10l4 5l-4 5\"/>"
    case .failed: return "<path class=\"glyph line\" d=\"\(at)l10 10m0 -10l-10 10\"/>"
    case .unfinished: return "<path class=\"glyph line\" d=\"\(at)m0 5h3m2 0h3m2 0h3\"/>"
    case .notPlayed: return "<path class=\"glyph line\" d=\"\(at)m1 5h8\"/>"
    }
  }
}

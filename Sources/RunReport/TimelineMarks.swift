/// The timeline's point marks: beacons as ticks on their ad's lane, scripted actions, errors (a
/// red line across the lanes with the message) and failed checks (a band across the lanes).
struct TimelineMarks {
  let timeline: RunTimeline
  let marks: [ReportMark]
  let layout: TimelineLayout
  /// The last tick's x per lane and how many were stacked there, to spread a cluster.
  private var lastTick: [Double: (x: Double, stacked: Int)] = [:]

  init(timeline: RunTimeline, marks: [ReportMark], layout: TimelineLayout) {
    self.timeline = timeline
    self.marks = marks
    self.layout = layout
  }

  /// The marks' SVG elements.
  mutating func html() -> String { checks + beacons() + actions + errors }

  private mutating func beacons() -> String {
    var out = "<g class=\"beacons\">"
    for beacon in timeline.beacons {
      guard let lane = beacon.ad.map({ layout.adLanes[layout.adLane[$0]] }) ?? layout.otherLane else {
        continue
      }
      let x = spread(layout.x(beacon.time), lane: lane.top)
      var text =
        "Beacon \(beacon.event) → \(beacon.failure ?? beacon.status.map { "HTTP \($0)" } ?? "no status")"
      text +=
        "; \(beacon.url); at \(HTML.seconds(beacon.time)) virtual, \(HTML.seconds(beacon.content)) content"
      // Below the bars on an ad's lane; the whole lane on the lane of beacons without an ad.
      let top = lane.height == TimelineLayout.adHeight ? lane.top + 28 : lane.top + 7
      let bottom = lane.top + lane.height - 4
      let state = beacon.failed ? "failed" : "ok"
      out += "<g class=\"beacon \(state)\" tabindex=\"0\" data-row=\"\(beacon.row)\" "
      out += "aria-label=\"\(HTML.escape(text))\"><title>\(HTML.escape(text))</title>"
      out +=
        "<rect class=\"hit\" x=\"\(HTML.coordinate(x - 3))\" y=\"\(HTML.coordinate(top - 2))\" width=\"6\" "
      out += "height=\"\(HTML.coordinate(bottom - top + 4))\"/>"
      if beacon.failed {
        let mid = (top + bottom) / 2
        out += "<path d=\"M\(HTML.coordinate(x - 4)) \(HTML.coordinate(mid - 4))l8 8m0 -8l-8 8\"/>"
      } else {
        out += "<path d=\"M\(HTML.coordinate(x)) \(HTML.coordinate(top))V\(HTML.coordinate(bottom))\"/>"
      }
      out += "</g>"
    }
    return out + "</g>"
  }

  /// Ticks closer than 3 px on a lane are moved apart, so that each can be pointed at.
  private mutating func spread(_ x: Double, lane: Double) -> Double {
    if let last = lastTick[lane], x - last.x < 3 {
      let moved = last.x + 3
      lastTick[lane] = (moved, last.stacked + 1)
      return moved
    }
    lastTick[lane] = (x, 0)
    return x
  }

  private var actions: String {
    guard let lane = layout.actions else { return "" }
    var out = "<g class=\"actions\">"
    for action in timeline.actions {
      let x = layout.x(action.time)
      let text =
        "Action at \(HTML.seconds(action.time)) virtual, \(HTML.seconds(action.content)) content: \(action.text)"
      out +=
        "<g class=\"action\" tabindex=\"0\" data-row=\"\(action.row)\" aria-label=\"\(HTML.escape(text))\">"
      out += "<title>\(HTML.escape(text))</title>"
      let top = lane.top + 6
      out += "<path d=\"M\(HTML.coordinate(x - 6)) \(HTML.coordinate(top))h12l-6 11z\"/>"
      out +=
        "<path class=\"rule\" d=\"M\(HTML.coordinate(x)) \(HTML.coordinate(layout.content.top))V\(HTML.coordinate(lane.top))\"/>"
      out += "</g>"
    }
    return out + "</g>"
  }

  private var errors: String {
    guard let lane = layout.errors else { return "" }
    var out = "<g class=\"errors\">"
    for error in timeline.errors {
      let x = layout.x(error.time)
      let text = "\(error.kind) at \(HTML.seconds(error.time)) virtual: \(error.text)"
      out += "<g class=\"err\" tabindex=\"0\" data-row=\"\(error.row)\" aria-label=\"\(HTML.escape(text))\">"
      out += "<title>\(HTML.escape(text))</title>"
      out +=
        "<path class=\"rule\" d=\"M\(HTML.coordinate(x)) \(HTML.coordinate(layout.content.top))V\(HTML.coordinate(lane.top + 4))\"/>"
      out += "<circle cx=\"\(HTML.coordinate(x))\" cy=\"\(HTML.coordinate(lane.middle))\" r=\"8\"/>"
      out +=
        "<text class=\"bang\" x=\"\(HTML.coordinate(x))\" y=\"\(HTML.coordinate(lane.middle + 4))\">!</text>"
      let message = error.text.count > 60 ? String(error.text.prefix(59)) + "…" : error.text
      out += "<text x=\"\(HTML.coordinate(x + 12))\" y=\"\(HTML.coordinate(lane.middle + 4))\">"
      out += HTML.escape(message) + "</text></g>"
    }
    return out + "</g>"
  }

  private var checks: String {
    guard let lane = layout.checks else { return "" }
    var out = "<g class=\"checks\">"
    for mark in marks {
      guard let time = mark.time else { continue }
      let x = layout.x(time)
      let text = "Failed check \(mark.label) at \(HTML.seconds(time)): \(mark.message)"
      out +=
        "<g class=\"check\" tabindex=\"0\" aria-label=\"\(HTML.escape(text))\"><title>\(HTML.escape(text))</title>"
      out +=
        "<rect class=\"band\" x=\"\(HTML.coordinate(x - 4))\" y=\"\(HTML.coordinate(layout.content.top))\" "
      out += "width=\"8\" height=\"\(HTML.coordinate(lane.top - layout.content.top))\"/>"
      out += "<path d=\"M\(HTML.coordinate(x)) \(HTML.coordinate(lane.top + 4))l9 12l-9 12l-9 -12z\"/>"
      out += "<text x=\"\(HTML.coordinate(x + 12))\" y=\"\(HTML.coordinate(lane.middle + 4))\">"
      out += HTML.escape(mark.label) + "</text></g>"
    }
    return out + "</g>"
  }
}

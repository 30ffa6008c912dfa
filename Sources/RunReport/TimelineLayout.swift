/// Where things go in the timeline's SVG: the time scale, and the lanes from top to bottom
/// (axis, content, breaks, one per ad, actions, errors, checks).
struct TimelineLayout {
  /// A horizontal band of the picture with its label.
  struct Lane {
    let label: String
    let top: Double
    let height: Double
    var middle: Double { top + height / 2 }
  }

  static let axisHeight = 26.0
  static let contentHeight = 150.0
  static let breakHeight = 30.0
  static let adHeight = 46.0
  static let markerHeight = 32.0
  /// The width of the sticky label column (a separate SVG).
  static let labelWidth = 118.0
  static let padding = 14.0

  /// Virtual seconds shown: 0 to `duration`.
  let duration: Double
  /// Pixels of the time axis.
  let plotWidth: Double
  let content: Lane
  let contentRange: (low: Double, high: Double)
  let breaks: Lane
  /// The ad lanes, and for each ad of the timeline its lane's index.
  let adLanes: [Lane]
  let adLane: [Int]
  /// The lane of beacons whose ad is not known, if any.
  let otherLane: Lane?
  let actions: Lane?
  let errors: Lane?
  let checks: Lane?
  let height: Double

  var width: Double { plotWidth + 2 * Self.padding }

  /// Ads get a lane each when there are few distinct ids, else a lane per place in the break.
  static let maxLanesById = 6

  init(_ timeline: RunTimeline, marks: [ReportMark]) {
    duration = max(1, timeline.endTime)
    // Short runs fit a laptop's window; long ones scroll, at half a pixel per second at least.
    plotWidth = max(1080, min(48_000, duration * 0.5))
    let contents = timeline.trace.points.map(\.content)
    let low = contents.min() ?? 0
    contentRange = (low, max(low + 1, contents.max() ?? 1))
    var top = Self.axisHeight
    content = Lane(label: "content time", top: top, height: Self.contentHeight)
    top += Self.contentHeight + 8
    breaks = Lane(label: "ad breaks", top: top, height: Self.breakHeight)
    top += Self.breakHeight
    let ids = Self.unique(timeline.ads.map(\.id))
    var lanes: [Lane] = []
    if ids.count <= Self.maxLanesById {
      for id in ids {
        lanes.append(Lane(label: "ad " + id, top: top, height: Self.adHeight))
        top += Self.adHeight
      }
      adLane = timeline.ads.map { ad in ids.firstIndex(of: ad.id) ?? 0 }
    } else {
      let slots = (timeline.ads.map(\.slot).max() ?? 0) + 1
      for slot in 0..<slots {
        lanes.append(Lane(label: "ad #\(slot + 1) of break", top: top, height: Self.adHeight))
        top += Self.adHeight
      }
      adLane = timeline.ads.map(\.slot)
    }
    adLanes = lanes
    func lane(_ label: String, _ present: Bool) -> Lane? {
      guard present else { return nil }
      defer { top += Self.markerHeight }
      return Lane(label: label, top: top, height: Self.markerHeight)
    }
    otherLane = lane("beacons, no ad", timeline.beacons.contains { $0.ad == nil })
    actions = lane("actions", !timeline.actions.isEmpty)
    errors = lane("errors", !timeline.errors.isEmpty)
    checks = lane("failed checks", marks.contains { $0.time != nil })
    height = top + 8
  }

  /// The x of a virtual time.
  func x(_ time: Double) -> Double { Self.padding + min(max(time, 0), duration) / duration * plotWidth }

  /// The y of a content time in the content lane.
  func y(content value: Double) -> Double {
    let fraction = (value - contentRange.low) / (contentRange.high - contentRange.low)
    return content.top + 6 + (1 - fraction) * (content.height - 12)
  }

  /// Every lane with its label, top to bottom.
  var labelledLanes: [Lane] {
    [content, breaks] + adLanes + [otherLane, actions, errors, checks].compactMap { $0 }
  }

  /// Axis ticks: a round step giving about one label per 110 pixels.
  var ticks: [Double] {
    let steps: [Double] = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 14_400, 21_600]
    let wanted = duration * 110 / plotWidth
    let step = steps.first { $0 >= wanted } ?? 43_200
    return stride(from: 0, through: duration, by: step).map { $0 }
  }

  private static func unique(_ values: [String]) -> [String] {
    var seen = Set<String>()
    return values.filter { seen.insert($0).inserted }
  }
}

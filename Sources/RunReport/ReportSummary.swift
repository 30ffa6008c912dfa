/// The run in one sentence (the picture's text alternative) and as counts.
struct ReportSummary {
  let timeline: RunTimeline
  let marks: [ReportMark]

  init(_ timeline: RunTimeline, marks: [ReportMark]) {
    self.timeline = timeline
    self.marks = marks
  }

  /// `150 s of virtual time, content 0–120 s; 2 ad breaks; 2 ads (2 played); 24 beacons (0 failed); …`.
  var sentence: String {
    let points = timeline.trace.points.map(\.content)
    var parts = [
      "\(HTML.seconds(timeline.endTime)) of virtual time, content from \(HTML.seconds(points.min() ?? 0)) to "
        + HTML.seconds(points.max() ?? 0),
      Self.count(timeline.breaks.count, "ad break"),
    ]
    let outcomes = AdOutcome.allCases.compactMap { outcome -> String? in
      let count = timeline.ads.filter { $0.outcome == outcome }.count
      return count == 0 ? nil : "\(count) \(outcome.label)"
    }
    parts.append(
      Self.count(timeline.ads.count, "ad")
        + (outcomes.isEmpty ? "" : " (\(outcomes.joined(separator: ", ")))"))
    let counts = timeline.counts
    parts.append(Self.count(counts.beacons, "beacon") + " (\(counts.failedBeacons) failed)")
    if counts.segments + counts.failedSegments > 0 {
      parts.append(
        Self.count(counts.segments, "media segment") + " loaded (\(counts.segmentBytes) bytes), "
          + "\(counts.failedSegments) failed")
    }
    parts.append(Self.count(counts.actions, "scripted action"))
    parts.append(Self.count(counts.errors, "error"))
    let drawn = timeline.limits.markers
    if max(counts.beacons, counts.actions, counts.errors) > drawn {
      parts.append("the first \(drawn) beacons, actions and errors of each kind are drawn")
    }
    if !marks.isEmpty { parts.append(Self.count(marks.count, "failed check")) }
    return parts.joined(separator: "; ") + "."
  }

  static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
}

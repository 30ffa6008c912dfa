import PlayerSeam

/// A log entry of a run with the content time (the player's `currentTime`) when it was logged.
public struct ReportEntry: Sendable {
  /// The log entry, as `adhost run --json` prints it.
  public let entry: LogEntry
  /// The content time in seconds when the entry was logged.
  public let contentTime: Double

  /// Creates an entry.
  public init(_ entry: LogEntry, contentTime: Double) {
    self.entry = entry
    self.contentTime = contentTime
  }
}

/// Something the page highlights beyond the log: a failing expectation of `adhost test` or a
/// strict rule's violation, at its virtual time when it has one.
public struct ReportMark: Sendable {
  /// The virtual time in seconds, if the mark belongs to one instant.
  public let time: Double?
  /// Where it comes from: `beacons[2]`, `strict`, `exit`, …
  public let label: String
  /// What is wrong, in a sentence.
  public let message: String
  /// The positions in the log (`timeupdate`s counted) of the entries it concerns, whose rows the
  /// table marks (the requests an unmet `requests` expectation found or came near).
  public let entries: [Int]

  /// Creates a mark.
  public init(time: Double?, label: String, message: String, entries: [Int] = []) {
    self.time = time
    self.label = label
    self.message = message
    self.entries = entries
  }
}

/// What a report page shows: a title, the command that made the run, its verdict, its log and
/// its marks.
public struct ReportPage: Sendable {
  /// The page's heading (the scenario's file, or the plugin and source).
  public var title: String
  /// One line under the heading: the command or the scenario's description.
  public var subtitle: String
  /// `passed`/`failed` for a scenario, the exit code's meaning for a run; nil for none.
  public var verdict: ReportVerdict?
  /// The run as a timeline (built from its log entries).
  public var timeline: RunTimeline
  /// Failing expectations and strict violations.
  public var marks: [ReportMark]

  /// Creates a page.
  public init(
    title: String, subtitle: String = "", verdict: ReportVerdict? = nil, timeline: RunTimeline,
    marks: [ReportMark] = []
  ) {
    self.title = title
    self.subtitle = subtitle
    self.verdict = verdict
    self.timeline = timeline
    self.marks = marks
  }
}

/// A run's or a scenario's outcome, shown under the heading.
public struct ReportVerdict: Sendable {
  /// Whether the run passed (exit 0, every expectation met).
  public let passed: Bool
  /// The outcome in words (`exit 1: the run stalled`, `2 expectations not met`).
  public let text: String

  /// Creates a verdict.
  public init(passed: Bool, text: String) {
    self.passed = passed
    self.text = text
  }
}

import PlayerSeam

/// Checks a run's event log against the strict rules of THEOplayer's SSAI API and IAB VAST
/// tracking (`StrictRule`), entry by entry as the log is written, so a long run need not keep
/// its log. Feed it every entry of the log, `timeupdate`s included, then call `finish()`.
/// One thread at a time.
public final class StrictChecker {
  /// What the checks allow.
  public let options: StrictOptions
  /// The violations found so far, in the order they were found.
  public private(set) var violations: [RuleViolation] = []
  /// The tracking vocabulary declared so far, and the one in force.
  public private(set) var tracking: TrackingDeclarations

  var position = ContentPosition()
  /// Every ad the log added.
  var ads = AdIndex()
  /// The breaks by time offset (a removed break's offset may be taken by a new one).
  var breaks: [Double: BreakRecord] = [:]
  /// Whether a break of `breaks` is watched (`BreakRecord.isWatched`), kept as they change.
  var watchesBreaks = false
  /// `skip` beacons, checked at the end (the ad may be skipped later in the same instant).
  var skipBeacons: [(entry: LogEntry, ad: AdRecord)] = []
  /// The last media segment loaded, for the timestamps of the next (nil after a failed one or a
  /// new source).
  var lastSegment: LogEntry?
  private var last: LogEntry?
  private var finished = false

  /// A checker with these options.
  public init(options: StrictOptions = StrictOptions()) {
    self.options = options
    tracking = options.tracking
    vocabulary = tracking.inForce
  }

  /// The vocabulary in force (kept in step with `tracking`).
  private(set) var vocabulary: TrackingVocabulary

  /// Checks one more entry of the log.
  public func observe(_ entry: LogEntry) {
    if let last {
      if entry.micros < last.micros {
        report(
          .timeForward, entry,
          message: "virtual time went back from \(Self.time(last.micros)) to \(Self.time(entry.micros))",
          entries: [last, entry])
      } else if entry.micros > last.micros {
        instantEnded(at: last.micros)
      }
    }
    last = entry
    // Most entries are `timeupdate`s, which only tell the content's position: spare them the
    // rest of the dispatch below.
    if entry.kind == .timeupdate { return position.observeTime(entry) }
    position.observe(entry)
    switch entry.kind {
    case .addad, .updatead: adChanged(entry)
    case .adbegin: adBegan(entry)
    case .adend, .adskip: adFinished(entry)
    case .adfirstquartile, .admidpoint, .adthirdquartile: quartileEvent(entry)
    case .adbreakbegin, .adbreakend, .removeadbreak: breakEvent(entry)
    case .aderror: adError(entry)
    case .beacon: beacon(entry)
    case .vasttracking: vastTracked(entry)
    case .trackingvocabulary:
      if tracking.observe(entry) { vocabulary = tracking.inForce }
    case .offlineUnmatched: offlineUnmatched(entry)
    case .segment: segmentLoaded(entry)
    case .segmenterror: segmentFailed(entry)
    case .segmentIssue: segmentIssue(entry)
    case .sourcechange: lastSegment = nil
    default: break
    }
  }

  /// Ends the log: checks what is still open (breaks still playing, `skip` beacons) and returns
  /// every violation found.
  @discardableResult
  public func finish() -> [RuleViolation] {
    guard !finished else { return violations }
    finished = true
    if let last { instantEnded(at: last.micros) }
    logEnded()
    return violations
  }

  /// Records a violation, at the severity the configuration gives its rule (none when it is off).
  func report(
    _ rule: StrictRule, _ entry: LogEntry, ad: AdRecord? = nil, adBreak: Double? = nil, message: String,
    entries: [LogEntry]? = nil, document: String? = nil
  ) {
    guard let severity = options.config.severity(of: rule.catalogueEntry) else { return }
    var violation = RuleViolation(
      rule: rule, severity: severity, micros: entry.micros, adId: ad?.id ?? entry.adId,
      adBreakTimeOffset: adBreak ?? ad?.breakOffset ?? entry.adBreakTimeOffset, message: message,
      entries: entries ?? [entry])
    violation.document = document
    violations.append(violation)
  }

  /// Seconds as `12.25 s`.
  static func time(_ micros: Int64) -> String { VirtualTime.secondsText(micros) + " s" }
  static func seconds(_ value: Double) -> String { RuleViolation.seconds(value) + " s" }
}

/// Checks whole logs.
public enum StrictRules {
  /// Checks a complete log; returns its violations in the order they were found.
  /// Specialized where it is called (a scenario's log is an array): unspecialized, each entry
  /// was copied out through the sequence's generic witnesses.
  @inlinable
  public static func check(_ entries: some Sequence<LogEntry>, options: StrictOptions = StrictOptions())
    -> [RuleViolation]
  {
    let checker = StrictChecker(options: options)
    for entry in entries { checker.observe(entry) }
    return checker.finish()
  }
}

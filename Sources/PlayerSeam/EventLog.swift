import OutsideText

/// The event log. It keeps its entries, streams them to a sink, or only counts them, so a long
/// run does not have to hold its whole log in memory. Every entry is redacted as it is appended
/// (`SecretRedaction.everywhere`): the log, and all that is made of it — the readable and JSON
/// lines, reports, scenario failures, JUnit — never holds a credential (docs/http.md "Secrets").
/// Host thread only.
public final class EventLog {
  /// What happens to appended entries.
  public enum Mode {
    /// Keep every entry in `entries`.
    case keep
    /// Hand every entry to the sink and keep none.
    case stream((LogEntry) -> Void)
    /// Keep none; only `count` grows.
    case countOnly
  }

  // why: stored privately behind computed accessors, unchecked: plain reads, writes and appends that
  // call nothing (the sink is called on a copy of the mode), on every entry.
  @exclusivity(unchecked) private var storedMode: Mode
  @exclusivity(unchecked) private var recording: Bool
  @exclusivity(unchecked) private var storedEntries: [LogEntry] = []
  @exclusivity(unchecked) private var storedCount = 0

  /// What happens to appended entries.
  public var mode: Mode {
    get { storedMode }
    set {
      storedMode = newValue
      recording = Self.records(newValue)
    }
  }
  /// The kept entries (only in `.keep` mode).
  public var entries: [LogEntry] { storedEntries }
  /// How many entries were appended, in any mode.
  public var count: Int { storedCount }

  /// A log in the given mode (`.keep` by default).
  public init(mode: Mode = .keep) {
    storedMode = mode
    recording = Self.records(mode)
  }

  private static func records(_ mode: Mode) -> Bool {
    if case .countOnly = mode { return false }
    return true
  }

  /// Whether appended entries are looked at; when not, callers may skip building them.
  public var isRecording: Bool { recording }

  /// Appends an entry, its secrets redacted.
  public func append(_ entry: LogEntry) {
    storedCount += 1
    switch storedMode {
    case .keep: storedEntries.append(Self.redacted(entry))
    case .stream(let sink): sink(Self.redacted(entry))
    case .countOnly: break
    }
  }

  private static func redacted(_ entry: LogEntry) -> LogEntry {
    var entry = entry
    entry.fields = SecretRedaction.standard.everywhere(entry.fields)
    return entry
  }

  /// Counts an entry that was not built because the log is not recording.
  package func countUnbuilt() { storedCount += 1 }

  /// Drops the kept entries (the count stays).
  public func removeAllEntries() { storedEntries.removeAll() }

  /// The kept entries as JSON Lines, each line ending in a newline.
  public var jsonLines: String { storedEntries.map { $0.jsonLine + "\n" }.joined() }

  /// The kept entries as readable lines, each ending in a newline.
  public var text: String { storedEntries.map { $0.textLine + "\n" }.joined() }
}

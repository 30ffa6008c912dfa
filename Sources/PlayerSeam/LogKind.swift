/// What a line of a run's log records: its `"type"` in the JSON lines, the second column of the
/// readable ones. A closed vocabulary: the player's events (`EventType`'s names, through
/// `init(_:)`), the entries hosts append (`IntegrationPlayer.appendLog`), the web views' events
/// (`WebViewEvent`'s types) and the two entries the strict checker makes. The strict checker, the
/// report and the scenario runner recognise entries by these cases, never by a string
/// (`scripts/lint-log-kinds.pl`, run by `scripts/lint.sh`).
public enum LogKind: String, Sendable, CaseIterable, CustomStringConvertible {
  // The player's events (EventType).
  case sourcechange, play, playing, pause, timeupdate, seeking, seeked, ended, error, cue
  case addadbreak, removeadbreak, adbreakbegin, adbreakend, updateadbreak
  case addad, updatead, adbegin, adend, adskip, aderror
  case adfirstquartile, admidpoint, adthirdquartile
  case interstitialstart, assetlistloaded, interstitialassetstart, interstitialassetend, interstitialerror
  case interstitialend, waiting, addcue, removecue, loadedmetadata

  // The player's and the controller's own entries.
  /// A scripted action (`--actions`, the REPL's commands).
  case action
  /// An ad error the controller dropped: its ad or break was gone.
  case aderrorDropped = "aderror-dropped"

  // The host's entries: requests and their faults.
  /// A request the host made, with its answer.
  case request
  /// A fault `--faults` injected into a request.
  case fault
  /// A request an offline recording could not answer.
  case offlineUnmatched = "offline-unmatched"

  // Ad tracking.
  /// A tracking beacon sent, with its answer.
  case beacon
  /// The tracking a VAST ad declared, as the host began tracking it natively.
  case vasttracking
  /// An integration's tracking vocabulary (`TrackingVocabulary`).
  case trackingvocabulary
  /// A simulated Open Measurement verification's progress.
  case verification
  /// SVTA creative signaling that cannot be read (the ad plays without it).
  case creativeSignalingIssue = "creative-signaling-issue"

  // Manifests and media.
  /// An HLS playlist could not be read.
  case playlistError = "playlist-error"
  /// An HLS playlist was read with a warning.
  case playlistWarning = "playlist-warning"
  /// A DASH MPD could not be read.
  case mpdError = "mpd-error"
  /// A DASH MPD was read with an issue.
  case mpdIssue = "mpd-issue"
  /// A media segment loaded.
  case segment
  /// A media initialization section loaded (`EXT-X-MAP`, DASH's `Initialization`).
  case initSegment = "init-segment"
  /// A media segment could not be loaded.
  case segmenterror
  /// A problem in a loaded media segment's timed metadata.
  case segmentIssue = "segment-issue"
  /// The segment loader gave up on a source.
  case segmentsAbandoned = "segments-abandoned"
  /// Segments an offline recording does not hold.
  case segmentsUnrecorded = "segments-unrecorded"
  /// A seek moved into or over an HLS interstitial.
  case interstitialSeek = "interstitial-seek"

  // The plugin's entries.
  /// A plugin's `log.warn` or `log.error`.
  case log
  /// A plugin callback raised an error.
  case pluginError = "plugin-error"

  // Web views (`webview.open`, WebViewEvent's types).
  /// A view opened.
  case viewopen
  /// The user tapped a view's native close.
  case nativeclose
  case loadstart, loadfinish, loadfail, loadtimeout, navigation, openedoutside, newviewrefused, console
  case consoledropped, closerequested, proxyrefused, click, screenshot, stopped, terminated, engineerror
  case close

  // The real engine's entries (docs/engines.md).
  /// The video sink's frame counts when the engine stopped or ended (`rendered`, `dropped`).
  case frames
  /// A cue fired where the engine's position differed from the cue's content time by more than
  /// the tolerance (`cue`, `cueTime`, `enginePosition`).
  case cueDrift = "cue-drift"

  // The strict checker's entries.
  /// A strict rule broken (`RuleViolation.logEntry`).
  case violation
  /// Where the playhead was when a check ran (the last entry of a break's evidence).
  case playhead

  /// Its name: the `"type"` of a JSON line.
  public var description: String { rawValue }
}

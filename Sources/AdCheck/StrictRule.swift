import VASTRules

/// The strict rules, by their stable ids (docs/testing.md lists each with its source). Each is
/// an entry of the rule catalogue (`VASTRules.RuleCatalogue`, area `run`), which gives its
/// severity, statement and spec section.
public enum StrictRule: String, CaseIterable, Sendable {
  /// An ad begins at most once.
  case adBeginsOnce = "ad-begins-once"
  /// An ad's `impression` beacons fire before (or with) its `start` beacons.
  case impressionBeforeStart = "impression-before-start"
  /// An ad whose VAST has `<Impression>` URLs fires its impression once it begins.
  case impressionFired = "impression-fired"
  /// Each quartile event fires at most once per ad.
  case quartileOnce = "quartile-once"
  /// Quartiles come in order: first quartile, midpoint, third quartile.
  case quartileOrder = "quartile-order"
  /// A quartile comes at its fraction of the ad's duration, within one progress step.
  case quartileTime = "quartile-time"
  /// Each tracking event of an ad (impression, start, quartiles, complete, skip, …) fires once.
  case beaconOnce = "beacon-once"
  /// `complete` only after the third quartile.
  case completeAfterThirdQuartile = "complete-after-third-quartile"
  /// `complete` only for an ad that played to its end (not skipped, not left early).
  case completeOnlyAtEnd = "complete-only-at-end"
  /// An ad that tracks its quartiles and played to its end fires `complete`.
  case completeWhenPlayedToEnd = "complete-when-played-to-end"
  /// An ad's events and beacons only between its `adbegin` and its `adend` or `adskip`.
  case adEventInsideBeginEnd = "ad-event-inside-begin-end"
  /// Each `adbreakbegin` has its `adbreakend` before the break is removed or the log ends.
  case breakEnds = "break-ends"
  /// No break is still playing after the playhead has left it.
  case breakLeftPlaying = "break-left-playing"
  /// No `aderror` unless expected.
  case unexpectedAdError = "unexpected-aderror"
  /// Every beacon is answered with a 2xx status.
  case beaconAnswered = "beacon-answered"
  /// `skip` beacons only for skipped ads.
  case skipOnlySkipped = "skip-only-skipped"
  /// Every offline request has a recorded answer.
  case offlineAnswered = "offline-answered"
  /// Virtual time never goes back.
  case timeForward = "time-forward"
  /// Every media segment loads (no `segmenterror`).
  case segmentLoaded = "segment-loaded"
  /// A segment's media duration is its playlist duration (`EXTINF`) within half a second.
  case segmentDuration = "segment-duration"
  /// Timestamps continue from one segment to the next unless a discontinuity is signalled.
  case segmentTimestamps = "segment-timestamps"
  /// A loaded segment's bytes are well formed: no `segment-issue` of kind `malformed` (a CRC_32
  /// that fails, an ID3 size that lies, a short PES, an `emsg` that cannot be decoded, lost sync,
  /// a PTS jump).
  case segmentIssue = "segment-issue"
  /// A beacon's macros are filled where the run knew their values: not `-1`, not left unfilled.
  case beaconMacroFilled = "beacon-macro-filled"
  /// Beacons go over https (a loopback host excepted).
  case beaconHTTPS = "beacon-https"
  /// No VAST request of the run timed out (VAST error 301 with a timeout).
  case wrapperTimedOut = "wrapper-timed-out"

  /// The rule's stable id, as in the JSON output and docs/testing.md.
  public var id: String { rawValue }

  /// The rule's entry in the catalogue (RuleCatalogueTests checks every case has one).
  public var catalogueEntry: Rule {
    RuleCatalogue.rule(id) ?? Rule(id, .error, .run, id, spec: "the run (strict rules)")
  }
}

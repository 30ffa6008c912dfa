/// The rules a run's strict checker (AdCheck) judges the event log by, under their stable ids:
/// scenarios' `strict.off` lists name them (docs/testing.md "Strict rules"). AdCheck imports
/// this module and takes each rule's severity, statement and spec from here: the catalogue is
/// the one place a run rule is described.
enum RunRules {
  private static let ssai = "THEOplayer SSAI API (ad and break events)"
  private static let tracking = "VAST 4.3 §3.15 (tracking events)"
  private static let media = "HLS RFC 8216bis; ISO/IEC 13818-1, 14496-12"

  static let all: [Rule] = strict + played

  /// The 22 rules of the first strict checker, their ids kept for `strict.off` lists.
  private static let strict: [Rule] = [
    run("ad-begins-once", "An ad begins at most once.", ssai),
    run(
      "impression-before-start", "An ad's impression beacons fire before (or with) its start beacons.",
      "VAST 4.3 §3.4.1 (Impression)"),
    run(
      "impression-fired", "An ad whose VAST has Impression URLs fires its impression once it begins.",
      "VAST 4.3 §3.4.1 (Impression)"),
    run("quartile-once", "Each quartile event fires at most once per ad.", tracking),
    run("quartile-order", "Quartiles come in order: first quartile, midpoint, third quartile.", tracking),
    run(
      "quartile-time", "A quartile comes at its fraction of the ad's duration, within one progress step.",
      tracking),
    run(
      "beacon-once",
      "Each tracking event of an ad (impression, start, quartiles, complete, skip, …) fires once.", tracking),
    run("complete-after-third-quartile", "complete only after the third quartile.", tracking),
    run(
      "complete-only-at-end", "complete only for an ad that played to its end (not skipped, not left early).",
      tracking),
    run(
      "complete-when-played-to-end", "An ad that tracks its quartiles and played to its end fires complete.",
      tracking),
    run(
      "ad-event-inside-begin-end",
      "An ad's events and beacons come only between its adbegin and its adend or adskip.", ssai),
    run(
      "break-ends", "Each adbreakbegin has its adbreakend before the break is removed or the log ends.", ssai),
    run("break-left-playing", "No break is still playing after the playhead has left it.", ssai),
    run("unexpected-aderror", "No aderror unless expected.", ssai),
    run(
      "beacon-answered", "Every beacon is answered with a 2xx status.", "VAST 4.3 §2.3.3 (tracking requests)"),
    run("skip-only-skipped", "skip beacons only for skipped ads.", tracking),
    run(
      "offline-answered", "Every offline request has a recorded answer.", "adhost recordings (docs/http.md)"),
    run("time-forward", "Virtual time never goes back.", "adhost virtual clock (docs/player.md)"),
    run("segment-loaded", "Every media segment loads (no segmenterror).", media),
    run(
      "segment-duration",
      "A segment's media duration is its playlist duration (EXTINF) within half a second.", media),
    run(
      "segment-timestamps",
      "Timestamps continue from one segment to the next unless a discontinuity is signalled.", media),
    run(
      "segment-issue", "A loaded segment's bytes are well formed (CRC, ID3 sizes, PES, emsg, sync, PTS).",
      media),
  ]

  /// What only playing the ad shows, beyond any static validator: warnings, so that they fail a
  /// run only with `--fail-on warning` (or a `--config` that makes them errors).
  private static let played: [Rule] = [
    Rule(
      "beacon-macro-filled", .warning, .run,
      "A beacon's macros are filled where the run knew their values: not sent as -1, not left unfilled.",
      spec: "VAST 4.3 §6.1 (unknown macros: -1 only where the value is unknown)",
      fix: "fill the macro from the player's state (playhead, timestamp, cache buster) before sending"),
    Rule(
      "beacon-https", .warning, .run, "Beacons are sent over https (a loopback test server excepted).",
      spec: "VAST 4.3 §2.3.1 (secure); VAST 4.0 §2.4.7 (https required)",
      fix: "serve the tracking URL over https"),
    Rule(
      "wrapper-timed-out", .warning, .run,
      "No wrapper or tag request of the run times out (VAST error 301 with a timeout).",
      spec: "VAST 4.3 §2.3.6.3 error 301 (timeout of the VASTAdTagURI)",
      fix: "answer the wrapper's VASTAdTagURI within the player's timeout, or drop the slow hop"),
  ]

  private static func run(_ id: String, _ statement: String, _ spec: String) -> Rule {
    Rule(id, .error, .run, statement, spec: spec)
  }
}

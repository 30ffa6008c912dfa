/// The options of `adhost run` that `repl`, `display` and scenarios share, declared once: the
/// parser, `--help` and the messages derive from these (`OptionList`).
extension RunOptions {
  static let json = CommandOption(
    "--json",
    help: "print the event log as JSON Lines instead (every event)")
  static let timeUpdates = CommandOption(
    "--timeupdates",
    help: "also print timeupdate events in the readable log")
  static let until = CommandOption(
    "--until", value: "SECONDS",
    help: "stop the run at this virtual time")
  static let actions = CommandOption(
    "--actions", value: "FILE|JSON",
    help: """
      scripted user actions: a file, or the JSON itself (starting with [):
      [{"at": 12, "do": "seek", "to": 30}, ...] (do: play, pause, seek,
      skip, stop)
      """)
  static let duration = CommandOption(
    "--duration", value: "SECONDS",
    help: """
      the content's duration (instead of the source's duration or its
      HLS playlist or DASH MPD, which is then not read)
      """)
  static let live = CommandOption(
    "--live",
    help: """
      the content is live (runs until --until or a stop); a live HLS
      playlist or dynamic MPD needs --until (or --realtime) too
      """)
  static let realtime = CommandOption(
    "--realtime",
    help: """
      pace the virtual clock to the wall clock (each line is printed as it
      happens; SIGINT/SIGTERM keep the lines played and the recording)
      """)
  static let allowHTTP = CommandOption(
    "--allow-http",
    help: "allow plain http:// loads (iOS NSAllowsArbitraryLoads)")
  static let offline = CommandOption(
    "--offline", value: "DIR",
    help: """
      answer HTTP from the recordings in DIR; no network. Requests it cannot
      answer are listed at the end and fail the run (exit 1)
      """)
  static let allowUnmatched = CommandOption(
    "--allow-unmatched",
    help: "with --offline: list the requests it cannot answer, but exit 0")
  static let record = CommandOption(
    "--record", value: "DIR",
    help: "record every HTTP exchange of the run into DIR, with the start date")
  static let keepMedia = CommandOption(
    "--keep-media",
    help: """
      with --record: keep media segments whole (a recording for the gstreamer
      engine, which decodes them); by default their samples are left out
      """)
  static let ignoreParam = CommandOption(
    "--ignore-param", value: "NAME",
    help: """
      a query parameter to ignore when matching requests to a recording
      (repeatable; added to the recording's list, or when recording to the
      cache busters ignored by default: cb, correlator, ts, …); on replay
      also a body field (form field, JSON member or path) or header
      """)
  static let mapHost = CommandOption(
    "--map-host", value: "RECORDED=SENT",
    help: """
      replaying a recording, answer requests to host[:port] SENT as its
      requests to RECORDED (a fixture server on another port; repeatable)
      """)
  static let redact = CommandOption(
    "--redact", value: "NAME",
    help: """
      with --record: keep this header's, query parameter's, form field's or
      JSON member's value out of the recording too (repeatable; added to
      authorization, cookie, api-key, token, password, …)
      """)
  static let timeout = CommandOption(
    "--timeout", value: "SECONDS",
    help: "per-request HTTP timeout (default 5)")
  static let ioSeconds = CommandOption(
    "--io-seconds", value: "S",
    help: """
      wall seconds the run may wait for outstanding I/O (HTTP, segments) in
      all; once spent the run stops, exit 1 (default 120; 0: no bound)
      """)
  static let faults = CommandOption(
    "--faults", value: "FILE",
    help: """
      inject the faults of a fault plan into the run's requests (delays and
      timeouts in virtual time unless --realtime; see docs/faults.md)
      """)
  static let checkMedia = CommandOption(
    "--check-media",
    help: """
      request the first bytes of each VAST ad's media file as it begins:
      no answer is VAST error 402 (not found 401), a Content-Type that
      contradicts MediaFile@type 405, each an aderror with the Error URLs
      """)
  static let verificationVendors = CommandOption(
    "--verification-vendors", value: "LIST",
    help: """
      comma-separated verification vendors whose OMID scripts may load as a
      VAST ad begins; any other vendor's is not executed (reason 1)
      """)
  static let startDate = CommandOption(
    "--start-date", value: "DATE",
    help: """
      the wall-clock date of virtual time 0, ISO 8601 (default: the
      --offline recording's, else now), for [TIMESTAMP] in beacons: fixed,
      a run repeats byte for byte
      """)
  static let liveStart = CommandOption(
    "--live-start", value: "SECONDS",
    help: """
      start live content this many seconds behind the live edge (HLS: the
      end of the playlist's last segment; DASH: instead of the MPD's
      suggestedPresentationDelay); default: the playlist's EXT-X-START,
      else the start of its window. Players start 3 target durations back
      """)

  static let noSegments = CommandOption(
    "--no-segments",
    help: """
      play an HLS playlist's timeline without loading its media segments
      (no in-band ID3, emsg or SCTE-35 cues; the content never waits)
      """)
  static let buffer = CommandOption(
    "--buffer", value: "SECONDS",
    help: "media segments loaded ahead of the playhead, in seconds (default 30)")
  static let backBuffer = CommandOption(
    "--back-buffer", value: "SECONDS",
    help: """
      seconds of content behind the playhead whose in-band cues stay in
      player.cues (default 30, 0 to 86400); further behind they are
      released (removecue)
      """)
  static let segmentMaxMB = CommandOption(
    "--segment-max-mb", value: "MB",
    help: "the largest media segment loaded, in MiB (default 64, 1 to 4096)")
  static let variant = CommandOption(
    "--variant", value: "N",
    help: """
      play the variant at position N of a multivariant playlist, or
      the DASH Representation at position N (default 0: the first)
      """)
  static let maxBandwidth = CommandOption(
    "--max-bandwidth", value: "BPS",
    help: """
      play the variant (DASH: the Representation) of the highest BANDWIDTH
      at most BPS (else the lowest)
      """)

  /// The options of segment loading (docs/media.md "Segments in virtual time").
  static let segmentOptions = [noSegments, buffer, backBuffer, segmentMaxMB, variant, maxBandwidth]

  /// Run's own options, in `--help` order.
  static let own =
    [
      json, timeUpdates, until, actions, duration, live, realtime, allowHTTP, offline, allowUnmatched, record,
      keepMedia, ignoreParam, mapHost, redact, timeout, ioSeconds, faults, checkMedia, verificationVendors,
      startDate, liveStart,
    ] + segmentOptions + EngineChoice.all

  /// Every option `RunOptions` reads: run's own, the budgets, `--lib` and the view options.
  static let list = OptionList(own + LimitOptions.all + [LibraryOptions.lib] + ViewOptions.all)

  /// What the parser of `RunOptions` accepts (`repl`, a scenario's `adhost run` options).
  static var spec: ArgumentSpec { list.spec }
}

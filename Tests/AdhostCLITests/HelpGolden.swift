// The `--help` texts as they were when each option came to be declared once (CommandOption):
// pinned, so that a change to a declaration or to the help layout shows here as a change of text.
// Edit them together with the help they pin.

enum HelpGolden {
  /// Each command's `--help` (and `adhost --help`, under "adhost"), as printed.
  static let texts: [String: String] = [
    "adhost": #"""
    adhost — write and test video ad integrations as Lua plugins.

    Usage: adhost <command> [arguments] [options]

    Commands:
      run      play a source through a Lua integration and print every event and beacon
      display  show a display ad placement in headless WebKit and print its timeline
      test     run *.scenario.json scenarios and check their beacons, events and strict rules
      repl     debug an integration live: Lua in the plugin's sandbox, the clock under your control
      vast     parse or resolve a VAST tag and print its ads, media and tracking
      check    check VAST/VMAP documents against the rule catalogue (text, JSON, SARIF)
      lua      run a Lua file in the plugin sandbox, with its limits
      media    write or serve a test stream with in-band ad signals

    Run 'adhost <command> --help' for a command's arguments and options.
    Exit codes: 0 success, 1 the command's own result is a failure, 64 bad usage or bad input,
    65 a plugin failed to load or register, 69 the display engine could not start, 70 a fatal
    player error, 74 output not saved (docs/cli.md).
    """#,
    "check": #"""
    Usage: adhost check <file|dir|glob|url>... [--json] [--sarif FILE] [--config FILE]
                        [--fail-on LEVEL] [--resolve [--max-depth N]] [--allow-http] [--timeout S]
                        [--offline DIR | --record DIR] [--fix [--fix-to PATH]]
           adhost check --rules [--markdown]

    Checks each VAST, VMAP or DAAST document (a file, every *.xml file under a directory, a
    quoted glob, or an https URL) against the rule catalogue (docs/check.md) and prints every finding:
    file:line:column, severity, [rule id] and what is wrong; then a summary line. A VMAP's inline
    VAST documents are checked too. VAST 1.0 is an error (102), as for `adhost vast`. With
    --resolve, the documents wrappers lead to are checked too, each finding naming its chain.
    With --fix, each file's safe repairs are written to a copy (never over the file), the
    changes printed, and the copy checked; it never invents data (docs/check.md).

    Arguments:
      <file|dir|glob|url>  the documents

    Options:
      --json           one finding a line as JSON (rule, severity, message, file, line, column)
      --sarif FILE     also write the findings as a SARIF 2.1.0 log (GitHub, GitLab code scanning)
      --config FILE    JSON: {"target": "4.2", "rules": {"url-http": "off", "url-not-cdata": "warning"}}
                       (per-rule severity or off; the VAST version every document is judged by)
      --fail-on LEVEL  exit 1 on a finding of this severity or worse: error (default), warning, info
      --resolve        also check the documents wrappers lead to (VASTAdTagURI, relative to the document)
      --max-depth N    with --resolve: wrappers followed at most (default 5)
      --offline DIR    answer URLs from the recording in DIR (adhost run --record); no network
      --record DIR     record every URL fetched into DIR, for --offline later
      --fix            write each file's fixed copy (NAME.fixed.xml): URLs in CDATA and without
                       white space, the version attribute; print the changes, then the copy's findings
      --fix-to PATH    with --fix and one file: the copy's path
      --rules          print the rule catalogue, one rule a line, and exit
      --markdown       with --rules: the catalogue as docs/check.md's tables
      --allow-http     fetch plain http:// URLs from any host (else only https and loopback http)
      --timeout S      seconds per URL fetched (default 5)
      -h, --help       this text

    Exit codes: 0 no finding at or above --fail-on (default error); 1 such a finding;
    64 bad usage, an unreadable file or URL, a bad --config; 74 the --sarif log, a --fix copy or
    the --record recording not saved.
    """#,
    "run": #"""
    Usage: adhost run <plugin.lua> <source.json> [options]

    Loads the plugin, registers its integrations, loads the source (a THEOplayer
    SourceDescription in JSON) through the headless player, plays it to the end on the virtual
    clock and prints one line per event and beacon. A VOD run ends when the content has ended and
    no ad plays, and any run at a fatal player error, even while a plugin's timers would go on.
    With --engine gstreamer, GStreamer plays the source instead, in real time (or --engine-speed
    fast), with the same lines and exit codes (docs/engines.md).

    Options:
      --json              print the event log as JSON Lines instead (every event)
      --timeupdates       also print timeupdate events in the readable log
      --until SECONDS     stop the run at this virtual time
      --actions FILE|JSON scripted user actions: a file, or the JSON itself (starting with [):
                          [{"at": 12, "do": "seek", "to": 30}, ...] (do: play, pause, seek,
                          skip, stop)
      --duration SECONDS  the content's duration (instead of the source's duration or its
                          HLS playlist or DASH MPD, which is then not read)
      --live              the content is live (runs until --until or a stop); a live HLS
                          playlist or dynamic MPD needs --until (or --realtime) too
      --realtime          pace the virtual clock to the wall clock (each line is printed as it
                          happens; SIGINT/SIGTERM keep the lines played and the recording)
      --allow-http        allow plain http:// loads (iOS NSAllowsArbitraryLoads)
      --offline DIR       answer HTTP from the recordings in DIR; no network. Requests it cannot
                          answer are listed at the end and fail the run (exit 1)
      --allow-unmatched   with --offline: list the requests it cannot answer, but exit 0
      --record DIR        record every HTTP exchange of the run into DIR, with the start date
      --keep-media        with --record: keep media segments whole (a recording for the gstreamer
                          engine, which decodes them); by default their samples are left out
      --ignore-param NAME a query parameter to ignore when matching requests to a recording
                          (repeatable; added to the recording's list, or when recording to the
                          cache busters ignored by default: cb, correlator, ts, …); on replay
                          also a body field (form field, JSON member or path) or header
      --map-host RECORDED=SENT
                          replaying a recording, answer requests to host[:port] SENT as its
                          requests to RECORDED (a fixture server on another port; repeatable)
      --redact NAME       with --record: keep this header's, query parameter's, form field's or
                          JSON member's value out of the recording too (repeatable; added to
                          authorization, cookie, api-key, token, password, …)
      --timeout SECONDS   per-request HTTP timeout (default 5)
      --io-seconds S      wall seconds the run may wait for outstanding I/O (HTTP, segments) in
                          all; once spent the run stops, exit 1 (default 120; 0: no bound)
      --faults FILE       inject the faults of a fault plan into the run's requests (delays and
                          timeouts in virtual time unless --realtime; see docs/faults.md)
      --check-media       request the first bytes of each VAST ad's media file as it begins:
                          no answer is VAST error 402 (not found 401), a Content-Type that
                          contradicts MediaFile@type 405, each an aderror with the Error URLs
      --verification-vendors LIST
                          comma-separated verification vendors whose OMID scripts may load as a
                          VAST ad begins; any other vendor's is not executed (reason 1)
      --start-date DATE   the wall-clock date of virtual time 0, ISO 8601 (default: the
                          --offline recording's, else now), for [TIMESTAMP] in beacons: fixed,
                          a run repeats byte for byte
      --live-start SECONDS
                          start live content this many seconds behind the live edge (HLS: the
                          end of the playlist's last segment; DASH: instead of the MPD's
                          suggestedPresentationDelay); default: the playlist's EXT-X-START,
                          else the start of its window. Players start 3 target durations back
      --no-segments       play an HLS playlist's timeline without loading its media segments
                          (no in-band ID3, emsg or SCTE-35 cues; the content never waits)
      --buffer SECONDS    media segments loaded ahead of the playhead, in seconds (default 30)
      --back-buffer SECONDS
                          seconds of content behind the playhead whose in-band cues stay in
                          player.cues (default 30, 0 to 86400); further behind they are
                          released (removecue)
      --segment-max-mb MB the largest media segment loaded, in MiB (default 64, 1 to 4096)
      --variant N         play the variant at position N of a multivariant playlist, or
                          the DASH Representation at position N (default 0: the first)
      --max-bandwidth BPS play the variant (DASH: the Representation) of the highest BANDWIDTH
                          at most BPS (else the lowest)
      --engine NAME       the player: headless (default: adhost's own, on a virtual clock) or
                          gstreamer (GStreamer in the adhost-gst helper, in real time; Linux,
                          http sources; docs/engines.md)
      --engine-speed SPEED
                          with --engine gstreamer: real (default: what an app gets) or fast
                          (unsynchronised sinks, timers on media time, stepped by the host)
      --show              with --engine gstreamer: play in a window (needs a display)
      --screenshot-at SECONDS:FILE
                          with --engine gstreamer: write the frame shown at SECONDS of media
                          as a PNG file (repeatable)
      --strict            check the run against the strict SSAI and IAB tracking rules
                          (docs/testing.md): print each violation with its severity,
                          exit 1 on one at or above --fail-on
      --expect-error TEXT with --strict: an aderror whose message contains TEXT is expected
                          (repeatable)
      --progress-step S   with --strict: how far a quartile may be from its time (default 0.25)
      --config FILE       with --strict: the rule settings adhost check reads (docs/check.md):
                          {"rules": {"quartile-time": "off", "beacon-https": "error"}}
      --fail-on LEVEL     with --strict: exit 1 on a violation of this severity or worse:
                          error (default), warning, info
      --sarif FILE        with --strict: also write the violations as a SARIF 2.1.0 log
      --report FILE.html  also write an HTML report of the run: its timeline (content time,
                          breaks, ads, beacons, actions, errors) and a table of the events and
                          beacons (the first and last 1000); one self-contained file
                          (docs/report.md)
      --memory MB         plugin memory budget in MiB (default 64; 0 for none)
      --instructions N    instructions one call into the plugin may run (default 100000000; 0: none)
      --seconds S         wall-clock seconds one call into the plugin may run (default 5; 0: none)
      --run-seconds S     seconds all calls into the plugins of the run may take together, on the
                          clock of --seconds (waiting between calls is not counted) (default 60; 0: none)
      --lib DIR           also load the modules the plugin requires from DIR (repeatable):
                          after adhost's SDK and the plugin's folder, before ADHOST_LUA_PATH
      --screenshots DIR   let the plugin's view:screenshot("NAME.png") write NAME.png into DIR
                          (a plain file name only); without it a plugin's screenshot is refused
      --webview-memory MB memory limit of each WebKit view's web process, in MiB (default 1024,
                          128 to 65536): past it the page is ended ("exceeded its memory limit")
      -h, --help          show this help

    Exit codes:
      0   played to the end (or to --until)
      1   the run stalled (the content paused with nothing scheduled; a live run without --until
          with only plugin timers left and no content), I/O never answered or took --io-seconds,
          VOD content had not ended after 10x its duration (1 h more at least; --until lifts it),
          an --offline recording could not answer a request (unless --allow-unmatched);
          with --strict, the run broke a strict rule of a severity at or above --fail-on;
          the plugins spent --run-seconds
      64  bad usage or input: unreadable or invalid source, actions or options; a source whose
          integration no plugin registered
      65  the plugin failed to load or registered no integration
      70  a fatal player error (fatalError, or setSource/resetSource failing)
      74  the --record recording, the --report page or the --sarif log could not be saved
    SIGINT/SIGTERM: the lines played so far (and the --report page of what had played) are
    kept, then the process ends by the signal; a second one ends it at once (docs/cli.md)
    """#,
    "display": #"""
    Usage: adhost display <plugin.lua> <placement.json> [options]

    Loads the plugin and runs the display placement it registered for the placement file's
    "integration" (webview.registerPlacement): the plugin opens a WebKit view (WebKitGTK in
    the adhost-webview helper, on a private Xvfb display) and loads the creative. Then the
    screenshot and the scripted actions run, the view closes, and one line per event is printed:
    requests, loads, navigations with the policy's decision, URLs opened outside, console
    messages, window.close() attempts, close (docs/display.md).

    Options:
      --screenshot FILE   save what the view shows, as PNG, once the creative loaded
      --actions FILE      scripted user actions, in order: [{"do": "click", "x": 10, "y": 20},
                          {"do": "screenshot", "path": "after.png"}, {"do": "close"}]
                          (close: the native close button; only views with one have it)
      --json              print the timeline as JSON Lines
      --allow-http        allow plain http:// loads (iOS NSAllowsArbitraryLoads)
      --offline DIR       answer HTTP from the recordings in DIR; no network (https requests of
                          the page other than its document are refused)
      --allow-unmatched   with --offline: list the requests it cannot answer, but exit 0
      --record DIR        record every HTTP exchange into DIR
      --timeout SECONDS   per-request HTTP timeout (default 5)
      --lib DIR           also load the modules the plugin requires from DIR (repeatable):
                          after adhost's SDK and the plugin's folder, before ADHOST_LUA_PATH
      --screenshots DIR   let the plugin's view:screenshot("NAME.png") write NAME.png into DIR
                          (a plain file name only); without it a plugin's screenshot is refused
      --webview-memory MB memory limit of each WebKit view's web process, in MiB (default 1024,
                          128 to 65536): past it the page is ended ("exceeded its memory limit")
      -h, --help          show this help

    Exit codes:
      0   shown (and the actions ran)
      1   the creative did not load, an action failed, or an --offline recording could not
          answer a request (unless --allow-unmatched)
      64  bad usage or input: unreadable placement or actions, no placement for its integration
      65  the plugin failed to load
      69  the engine could not start (no Xvfb, no adhost-webview)
      74  the --record recording could not be saved
    SIGINT/SIGTERM: the lines so far are kept, then the process ends by the signal
    """#,
    "test": #"""
    Usage: adhost test [PATH...] [options]

    Finds the *.scenario.json files in the given files and folders (default: the current
    folder; hidden folders are skipped), runs each as 'adhost run' would, in-process and in
    parallel (each with its own host and Lua state), and checks what it must hold: exit code,
    aderrors, events in order, beacons, strict SSAI/VAST rules, snapshot (docs/testing.md).
    Prints one line per scenario, sorted by path — PASS, or FAIL with the first unmet
    expectation, expected against actual — then 'N passed, N failed'.

    Options:
      -j, --jobs N        scenarios run at once (default: the number of cores)
      --filter PATTERN    only scenarios whose path contains PATTERN (* matches any text)
      --shard I/N         only the I-th of N stable parts (1 <= I <= N), for a CI matrix: a
                          scenario's part follows from its path under the PATH it was found in
      --update            write the snapshots' golden files from the runs (nothing else)
      --junit FILE        also write a JUnit XML report to FILE
      --json              print JSON Lines instead: one object per scenario, then the counts
      --report DIR        also write an HTML report per scenario into DIR, and DIR/index.html
                          with PASS/FAIL and links (docs/report.md)
      --allow-setup       run the setup commands scenarios name (refused without it: a scenario
                          file must not run commands by itself)
      --env NAME          the environment variable NAME is ${NAME} in scenario files (repeatable)
      --map-host RECORDED=SENT
                          replaying a recording, answer requests to host[:port] SENT as its
                          requests to RECORDED (a fixture server on another port; repeatable)
      --config FILE       rule settings for every scenario's strict checks (the file of adhost
                          check --config, docs/check.md): rules "off" add to strict.off
      --fail-on LEVEL     a strict violation of this severity or worse fails a scenario: error
                          (default), warning, info
      --engine NAME       the player: headless (default: adhost's own, on a virtual clock) or
                          gstreamer (GStreamer in the adhost-gst helper, in real time; Linux,
                          http sources; docs/engines.md)
      --engine-speed SPEED
                          with --engine gstreamer: fast (default for scenarios: stepped by the
                          host, timers on media time) or real (what an app gets, on the wall
                          clock; a scenario's engineSpeed chooses it too)
      --lib DIR           also load the modules the plugin requires from DIR (repeatable):
                          after adhost's SDK and the plugin's folder, before ADHOST_LUA_PATH
      --screenshots DIR   let the plugin's view:screenshot("NAME.png") write NAME.png into DIR
                          (a plain file name only); without it a plugin's screenshot is refused
      --webview-memory MB memory limit of each WebKit view's web process, in MiB (default 1024,
                          128 to 65536): past it the page is ended ("exceeded its memory limit")
      -h, --help          show this help

    Exit codes:
      0   every scenario passed
      1   a scenario failed (an unmet expectation, an invalid scenario file)
      64  bad usage: unknown option, a PATH that does not exist, no scenario found
      74  the --junit or --report report could not be written
    SIGINT/SIGTERM: the finished scenarios' lines, the others as INTERRUPTED, the counts, --junit
    (an error "interrupted" per unfinished scenario) and --report are written, then the process
    ends by the signal; a second one ends it at once
    """#,
    "repl": #"""
    Usage: adhost repl [<plugin.lua> [<source.json>]] [options of adhost run]

    Starts an interactive Lua prompt inside the host: the plugin's own sandbox, with player,
    controller (of the active integration), vast, http, json and the plugin's globals. The
    virtual clock stays stopped until you move it (:step, :run). An expression prints its
    values; an unfinished chunk asks for more lines; errors print with a traceback.

    Commands (:help in the REPL explains each):
      :help :load :source :reload :play :pause :seek :step :run :stop-at :skip :events
      :breaks :beacons :timeupdates :quit

    In a terminal: line editing, history across sessions (in $ADHOST_HISTORY, default
    ~/.adhost_history) and tab completion of globals, fields and methods; colours unless
    NO_COLOR is set. Otherwise (script mode) it reads standard input and prints each line after
    the prompt before running it, so that the output reads as a transcript.

    Options: those of adhost run (--offline DIR, --allow-http, --duration S, --live, --timeout S,
    --memory MB, --instructions N, --seconds S, --run-seconds S, --timeupdates, --realtime,
    --lib DIR, --screenshots DIR, --webview-memory MB).

    Exit codes: 0 at the end of input or :quit; 64 bad usage or input; 65 the plugin failed to load.
    """#,
    "vast": #"""
    Usage: adhost vast <file-or-url> [--resolve] [--json] [--allow-http] [--timeout S]
                       [--max-depth N] [--width W --height H] [--max-bitrate KBPS] [--fire-errors]

    Reads a VAST document (a file path, a file: URL or an https URL) and prints each ad: id,
    sequence, duration, skip offset, the media file chosen for the player size, every
    impression, error and tracking URL by event, clicks and companions. A VMAP 1.0.1 document
    prints its schedule instead: each ad break's offset, type, source (inline VAST, AdTagURI
    or custom data) and tracking, and why a break cannot play (VMAP codes 1000-1008).

    Arguments:
      <file-or-url>        the VAST document or tag URL

    Options:
      --resolve            follow wrapper chains (VASTAdTagURI) and merge them into the InLine ads;
                           relative URIs resolve against the document's location
      --json               print the report as JSON instead of text
      --allow-http         allow plain http:// to any host (like iOS NSAllowsArbitraryLoads);
                           without it only https and loopback http are fetched
      --timeout S          seconds per request (default 5); the whole resolution may take
                           the larger of 10 s and twice this
      --max-depth N        wrappers followed at most (default 5); more is error 302
      --width W            player width in pixels for media selection (default 1280)
      --height H           player height in pixels (default 720)
      --max-bitrate KBPS   highest media bitrate to choose
      --fire-errors        send the Error URLs of failed chains (off by default: inspecting
                           a tag should not report errors to ad servers)
      -h, --help           this text

    Exit codes: 0 the document was read (and resolved) and an ad has a playable media file;
    1 a VAST error: the IAB code and reason are printed (100 not XML, 101 schema, 102 version,
    301 wrapper unreachable or timeout, 302 wrapper limit or loop, 303 no ads, 403 no playable
    media file), or for VMAP 1000 schema, 1001 version, 1002 not XML, or no break can play;
    64 bad usage or an unreadable file.
    """#,
    "lua": #"""
    Usage: adhost lua <file.lua> [--host] [--memory MB] [--instructions N] [--seconds S]
                      [--run-seconds S] [--lib DIR] [--json] [--stats]

    Runs a Lua file in the sandbox that plugins run in: the allow-listed standard library,
    require() from adhost's SDK, the file's own folder, --lib and ADHOST_LUA_PATH folders as for
    a plugin, text chunks only, and the budgets below. Prints what the file prints, then the
    values it returns. os.time() and os.clock() read the machine's clock (os.date formats in
    UTC); with --host, the host's: the wall clock as it starts plus the virtual time.

    Options:
      --host              run the file in a fresh headless host instead, as a plugin's top level
                          without a source: the plugin API's globals (player, http, timer, vast,
                          json, url, log, beacon) are there, the virtual clock stays at 0 (how
                          the SDK's unit tests run: docs/testing.md)
      --memory MB         plugin memory budget in MiB (default 64; 0 for none)
      --instructions N    instructions one call into the plugin may run (default 100000000; 0: none)
      --seconds S         wall-clock seconds one call into the plugin may run (default 5; 0: none)
      --run-seconds S     seconds all calls into the plugins of the run may take together, on the
                          clock of --seconds (waiting between calls is not counted) (default 60; 0: none)
      --lib DIR           also load the modules the plugin requires from DIR (repeatable):
                          after adhost's SDK and the plugin's folder, before ADHOST_LUA_PATH
      --screenshots DIR   let the plugin's view:screenshot("NAME.png") write NAME.png into DIR
                          (a plain file name only); without it a plugin's screenshot is refused
      --webview-memory MB memory limit of each WebKit view's web process, in MiB (default 1024,
                          128 to 65536): past it the page is ended ("exceeded its memory limit")
                          (with --host only)
      --json              print the returned values as one JSON array
      --stats             after the run, print its resources on standard error as one JSON
                          object: {"lua_bytes":…,"lua_peak_bytes":…,"max_rss_kb":…,"seconds":…}
      -h, --help          show this help

    Exit codes: 0 the file ran; 1 it raised an error or exceeded a budget (message with file,
    line and traceback on standard error); 64 bad usage or a file that cannot be read.
    """#,
    "media": #"""
    Usage: adhost media write <spec.json> <folder>
           adhost media serve <spec.json> [--clock loads|wall] [--log FILE]

    Writes the stream a JSON spec describes: its playlist (media.m3u8) or MPD (manifest.mpd),
    its init segment (init.mp4, CMAF) and media segments (segment-N.ts, .m4s or .aac), with
    the spec's timed ID3, emsg and SCTE-35 inside the segments and its EXT-X-DATERANGEs in the
    playlist; blank H.264 video and silent AAC audio written without an encoder, or a clip of
    real H.264 and AAC (MPEG-TS, "payload": {"clip": FILE}) cut at its key frames into TS or
    CMAF segments (hls-ts, hls-cmaf, dash). The spec's members are in docs/media.md ("Writing
    streams").

    write  writes every file into the folder (created when missing) and prints their names.
    serve  serves the stream on 127.0.0.1 at a free port, prints PORT=<port> and an empty line
           (the form a scenario's "setup" reads), and serves until stopped (SIGINT, SIGTERM).
           With the spec's "live": {"window": N} each playlist or MPD lists N segments, the
           window moving on by one segment per load (--clock loads) or per segment duration
           of the wall clock (--clock wall); the last window ends the stream. A live DASH MPD
           is dynamic, its availabilityStartTime 2026-01-01T00:00:00Z (--clock loads) or the
           start of serving less the first window's length (--clock wall).

    Options:
      --clock loads|wall  serve: what moves a live window on: each load of the playlist or MPD
                          (loads, the default: for virtual-time runs) or the wall clock (wall)
      --log FILE          serve: write each request as one JSON line to FILE (default: standard
                          error): {"seconds":…,"method":…,"path":…,"status":…,"bytes":…}, with
                          "segments":[first,last] for a live window
      -h, --help          show this help

    Exit codes: 0 written (or served until stopped); 64 bad usage, a spec that cannot be read
    or asks for the impossible (the error names its JSON path and why); 74 a file not written.
    """#,
  ]
}

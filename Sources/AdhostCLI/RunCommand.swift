import AdCheck
import AdPlayer
import Foundation
import HTTPKit
import LuaKit
import PluginHost

/// `adhost run PLUGIN SOURCE`: plays a source through a plugin's integration on the virtual
/// clock and prints every player event, ad event and beacon.
struct RunCommand: Command {
  static let name = "run"
  static let summary = "play a source through a Lua integration and print every event and beacon"
  static let help = """
    Usage: adhost run <plugin.lua> <source.json> [options]

    Loads the plugin, registers its integrations, loads the source (a THEOplayer
    SourceDescription in JSON) through the headless player, plays it to the end on the virtual
    clock and prints one line per event and beacon. A VOD run ends when the content has ended and
    no ad plays, even while a plugin's timers would go on.

    Options:
      --json              print the event log as JSON Lines instead (every event)
      --timeupdates       also print timeupdate events in the readable log
      --until SECONDS     stop the run at this virtual time
      --actions FILE      scripted user actions: [{"at": 12, "do": "seek", "to": 30}, ...]
                          (do: play, pause, seek, skip, stop)
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
      --ignore-param NAME a query parameter to ignore when matching requests to a recording
                          (repeatable; added to the recording's list, or when recording to the
                          cache busters ignored by default: cb, correlator, ts, …)
      --timeout SECONDS   per-request HTTP timeout (default 5)
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
    \(StrictRun.help)
    \(ReportRun.help)
    \(LimitOptions.help)
    \(LibraryOptions.help)
    \(ViewOptions.help)
      -h, --help          show this help

    Exit codes:
      0   played to the end (or to --until)
      1   the run stalled (the content paused with nothing scheduled), I/O never answered,
          VOD content had not ended after 10x its duration (1 h more at least; --until lifts it),
          an --offline recording could not answer a request (unless --allow-unmatched);
          with --strict, the run broke a strict rule; the plugins spent --run-seconds
      64  bad usage or input: unreadable or invalid source, actions or options; a source whose
          integration no plugin registered
      65  the plugin failed to load or registered no integration
      70  a fatal player error (fatalError, or setSource/resetSource failing)
      74  the --record recording or the --report page could not be saved
    SIGINT/SIGTERM: the lines played so far (and the --report page of what had played) are
    kept, then the process ends by the signal; a second one ends it at once (docs/cli.md)
    """

  static func run(_ arguments: [String], console: Console) async throws -> Int32 {
    var spec = RunOptions.spec
    spec.flags.formUnion(StrictRun.flags)
    spec.options.formUnion(StrictRun.options)
    spec.options.formUnion(ReportRun.options)
    let parsed = try ParsedArguments(arguments, spec: spec)
    try parsed.expectPositionals(2...2, "a plugin file and a source file")
    let setup = try RunSetup(parsed)
    var session = RunSession(setup: setup, console: console)
    session.report = try ReportRun.path(parsed).map { try ReportRun(path: $0) }
    InterruptFlush.install(console) { [session] signal in
      session.keep(interruptedBy: signal, arguments: arguments)
    }
    // The host loop blocks its thread while it waits for I/O, and the VAST client's work runs as
    // Swift tasks: so the loop gets a thread of its own, never one of the tasks' pool.
    let exit = try await onOwnThread { [session] in try session.play() }
    guard let report = session.report else { return exit }
    return InterruptFlush.conclude {
      do {
        try report.write(plugin: setup.pluginPath, source: setup.sourcePath, arguments: arguments, exit: exit)
      } catch {
        console.printError("adhost run: \(error)")
        return ExitCode.outputNotSaved
      }
      return exit
    }
  }
}

extension RunSession {
  /// On SIGINT or SIGTERM: the lines played so far go out, and the report shows what had played.
  func keep(interruptedBy signal: String, arguments: [String]) {
    console.flush()
    console.printError(InterruptFlush.note("run", signal, "the lines above are what had played"))
    // The journal keeps the recorded exchanges anyway; this leaves index.json in its final form.
    setup.options.recorder?.finish()
    guard let report else { return }
    do {
      try report.writeInterrupted(
        plugin: setup.pluginPath, source: setup.sourcePath, arguments: arguments, signal: signal)
      console.printError("adhost run: the report \(report.path) shows what had played")
    } catch {
      console.printError("adhost run: \(error)")
    }
  }
}

/// Everything `adhost run` read from its command line and files, checked.
struct RunSetup {
  let pluginPath: String
  let sourcePath: String
  let source: SourceDescription
  let options: RunOptions
  /// The content timeline: the options', else the source's `duration` (adhost's extension).
  let timeline: ContentTimeline?
  /// The strict checks' options, when `--strict` asks for them.
  let strict: StrictOptions?

  /// A setup read elsewhere (a scenario of `adhost test`).
  init(pluginPath: String, sourcePath: String, source: SourceDescription, options: RunOptions) {
    self.pluginPath = pluginPath
    self.sourcePath = sourcePath
    self.source = source
    self.options = options
    timeline = options.timeline ?? SourceFile.timeline(of: source)
    strict = nil
  }

  init(_ parsed: ParsedArguments) throws {
    pluginPath = parsed.positionals[0]
    sourcePath = parsed.positionals[1]
    source = try SourceFile.load(sourcePath)
    options = try RunOptions(parsed)
    timeline = options.timeline ?? SourceFile.timeline(of: source)
    strict = try StrictRun.options(parsed)
  }
}

/// Decodes with `body`; a decoding error becomes a usage error that names the file and JSON path.
func decoding<Value>(_ path: String, _ body: () throws(ModelDecodingError) -> Value) throws -> Value {
  do {
    return try body()
  } catch {
    throw UsageError("\(path): \(error)")
  }
}

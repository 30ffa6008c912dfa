import AdCheck
import AdPlayer
import Foundation
import HTTPKit
import LuaKit
import PlayerSeam
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
    no ad plays, and any run at a fatal player error, even while a plugin's timers would go on.
    With --engine gstreamer, GStreamer plays the source instead, in real time (or --engine-speed
    fast), with the same lines and exit codes (docs/engines.md).

    Options:
    \(options.help)

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
    """

  /// The options, in `--help` order: run's own, the strict checks, the report, the budgets,
  /// `--lib` and the view options.
  static let options = OptionList(
    RunOptions.own + StrictRun.all + [ReportRun.report] + LimitOptions.all + [LibraryOptions.lib]
      + ViewOptions.all + [.help])

  static func run(_ arguments: [String], console: Console) async throws -> Int32 {
    let parsed = try ParsedArguments(arguments, spec: options.spec)
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
  /// The strict checks' settings, when `--strict` asks for them.
  let strict: StrictRun.Settings?

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
    strict = try StrictRun.settings(parsed)
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

import AdPlayer
import CheckedNumbers
import Foundation
import HeadlessHost
import LuaKit
import OutsideText
import PluginHost

/// Watches a run in place of the console: gets the host once made, then every log entry.
protocol RunObserver: AnyObject, Sendable {
  func attach(_ host: PluginHost)
  func record(_ entry: LogEntry)
}

/// One `adhost run`: the host, the plugin, the source, the actions and the printed log.
struct RunSession {
  let setup: RunSetup
  let console: Console
  /// Who gets the log entries instead of the console (`adhost test`), and the host.
  var observer: RunObserver?
  /// `--report`: gets every log entry and the violations, and writes the page afterwards.
  var report: ReportRun?

  func play() throws -> Int32 {
    // Lines appear as they happen when paced to the wall clock.
    if setup.options.realTime { console.flushesEachLine = true }
    let json = setup.options.json
    let timeUpdates = setup.options.timeUpdates
    let console = self.console
    let observer = self.observer
    let report = self.report
    let strict = StrictRun(setup.strict)
    let log = EventLog(
      mode: .stream { entry in
        strict.observe(entry)
        report?.observe(entry)
        if let observer {
          observer.record(entry)
        } else if json {
          console.print(entry.jsonLine)
        } else if timeUpdates || entry.type != "timeupdate" {
          console.print(Self.styled(entry, console))
        }
      })
    var options = PluginHostOptions(http: setup.options.client)
    options.limits = setup.options.limits
    options.libraryFolders = LibraryOptions.searchList(setup.options.libraries)
    options.views = setup.options.views
    options.engine.faults = setup.options.faults
    options.engine.logsRequests = setup.options.logsRequests
    options.engine.checksMedia = setup.options.checksMedia
    options.engine.verificationVendors = setup.options.verificationVendors
    options.engine.startDate = setup.options.startDate
    options.engine.defaultTimeline = setup.timeline ?? .live
    options.engine.segments = setup.options.segments
    // A timeline given on the command line or in the source wins over the playlist's.
    options.engine.readsPlaylists = setup.timeline == nil
    options.engine.allowsLivePlaylists = setup.options.until != nil || setup.options.realTime
    options.diagnostics = { console.printError($0) }
    let host = try HeadlessHost(options: options, log: log)
    observer?.attach(host.pluginHost)
    report?.attach(host.pluginHost)
    host.loop.realTime = setup.options.realTime

    do {
      try host.loadPlugin(at: setup.pluginPath)
    } catch {
      console.printError("adhost run: \(error)")
      return ExitCode.pluginFailed
    }
    if let problem = unregisteredIntegration(host.pluginHost) {
      console.printError("adhost run: \(problem)")
      return ExitCode.usage
    }
    if setup.timeline?.isLive == true && setup.options.until == nil && !setup.options.realTime {
      throw UsageError("--live runs without end on the virtual clock: give --until SECONDS (or --realtime)")
    }
    // A source that is no HLS playlist and gives no duration is not refused here: its type is
    // known once `setSource` has run (an integration may return a playlist for it), and the
    // playlist reader refuses then a loaded source that gives no timeline, saying what to pass.

    host.player.autoplay = true
    host.player.schedule(setup.options.actions)
    let end = RunEnd(player: host.player, until: setup.options.until, actions: setup.options.actions)
    host.player.setSource(setup.source)
    let (outcome, runaway) = end.run()
    // Read before `end`: the plugins' `destroy` fails too once the budget is spent.
    let runBudgetSpent = host.pluginHost.lua.isRunBudgetSpent
    let endedEarly = outcome.kind == .idle && !host.player.ended
    host.end()
    let brokeRules = strict.report(to: console, json: json)
    report?.add(strict.violations)
    // Read after `destroy`: a `resetSource` failing there is fatal too.
    let fatal = host.player.fatalError
    console.flush()

    setup.options.recorder?.finish()
    if let problem = setup.options.recorder?.saveError {
      console.printError("adhost run: \(problem)")
      return ExitCode.outputNotSaved
    }
    if runBudgetSpent {
      let budget = CheckedNumbers.describe(setup.options.limits.secondsPerRun)
      console.printError(
        "adhost run: stopped at \(VirtualTime.secondsText(VirtualTime.micros(outcome.time))) s — the plugins "
          + "spent the run's time budget (\(budget) s of plugin time in all calls): \(LimitOptions.runBudgetHint)"
      )
      return ExitCode.failure
    }
    if let fatal {
      console.printError(
        "adhost run: fatal player error \(fatal.code): \(TerminalEscape.line(fatal.message))")
      return ExitCode.fatal
    }
    if let replay = setup.options.replay, !replay.unmatched.isEmpty {
      console.printError(UnmatchedRequests.summary(replay, allowed: setup.options.allowsUnmatched))
      if !setup.options.allowsUnmatched { return ExitCode.failure }
    }
    if let runaway {
      console.printError(
        "adhost run: stopped at \(VirtualTime.secondsText(VirtualTime.micros(outcome.time))) s — \(runaway)")
      return ExitCode.failure
    }
    if outcome.kind == .stalled || endedEarly {
      console.printError(
        "adhost run: stopped at \(VirtualTime.secondsText(VirtualTime.micros(outcome.time))) s before the end — \(outcome.reason)"
          + (host.player.paused ? StallHint.scriptedPause(setup.options, before: outcome.time) : "")
      )
      return ExitCode.failure
    }
    return brokeRules ? ExitCode.failure : ExitCode.success
  }

  /// A source whose integration no plugin registered, as a message.
  private func unregisteredIntegration(_ host: PluginHost) -> String? {
    for (index, typed) in setup.source.sources.enumerated() {
      guard let id = typed.ssai?.integrationId, !host.integrationIds.contains(id) else { continue }
      // Quoted as JSON strings: an id may hold control characters (a NUL printed raw hides).
      let quoted = { (ids: [String]) in ids.map { JSONValue.string($0).jsonText }.joined(separator: ", ") }
      let builtIn = PluginHost.builtInIntegrationIds
      return
        "\(setup.sourcePath): sources[\(index)].ssai names integration \(JSONValue.string(id).jsonText), "
        + "which \(setup.pluginPath) does not register (it registers \(quoted(host.pluginIntegrationIds)); "
        + "\(quoted(builtIn)) \(builtIn.count == 1 ? "is" : "are") built into the host, for client-side ads)"
    }
    return nil
  }

  /// A text line with the event name emphasised on a terminal.
  static func styled(_ entry: LogEntry, _ console: Console) -> String {
    guard console.colours else { return entry.textLine }
    let line = entry.textLine
    guard let range = line.range(of: entry.type) else { return line }
    let style: String
    switch entry.type {
    case "error", "aderror", "plugin-error": style = "31"
    case "beacon": style = "2"
    case _ where entry.type.hasPrefix("ad"): style = "36"
    default: style = "1"
    }
    return line.replacingCharacters(in: range, with: console.styled(entry.type, style))
  }
}

import AdPlayer
import Foundation
import HeadlessHost
import LuaKit
import OutsideText
import PlayerSeam
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

  /// Plays the run: makes the host, loads the plugin, plays the source to its end, then says
  /// how it ended; returns the exit code.
  func play() throws -> Int32 {
    if case .gstreamer(let speed, let show) = setup.options.engine {
      return try playOnEngine(speed: speed, show: show)
    }
    // Lines appear as they happen when paced to the wall clock.
    if setup.options.realTime { console.flushesEachLine = true }
    UnmatchedRequests.printNote(setup.options.replay, "adhost run", to: console)
    let strict = StrictRun(setup.strict)
    let host = try HeadlessHost(options: hostOptions(), log: eventLog(strict))
    observer?.attach(host.pluginHost)
    report?.attach(host.pluginHost)
    host.loop.realTime = setup.options.realTime
    host.loop.ioBudget = setup.options.ioSeconds ?? RunOptions.defaultIOSeconds
    if let refused = try load(into: host) { return refused }
    var finish = playSource(host)
    finish.brokeRules = strict.report(to: console, json: setup.options.json)
    report?.add(strict.violations)
    // Read after `destroy`: a `resetSource` failing there is fatal too.
    finish.fatal = host.player.fatalError
    console.flush()
    return exitCode(finish, strict: strict)
  }

  /// A text line with the event name emphasised on a terminal.
  static func styled(_ entry: LogEntry, _ console: Console) -> String {
    guard console.colours else { return entry.textLine }
    let line = entry.textLine
    let name = entry.kind.rawValue
    guard let range = line.range(of: name) else { return line }
    let style: String
    switch entry.kind {
    case .error, .aderror, .pluginError: style = "31"
    case .beacon: style = "2"
    case _ where name.hasPrefix("ad"): style = "36"
    default: style = "1"
    }
    return line.replacingCharacters(in: range, with: console.styled(name, style))
  }
}

import AdPlayer
import Foundation
import HeadlessHost
import LuaKit
import OutsideText
import PlayerSeam
import PluginHost

/// One `adhost repl`: a host with the plugin and source loaded, the clock stopped until a
/// command moves it, and Lua evaluated in the plugin's own sandbox.
final class ReplSession {
  let console: Console
  let options: RunOptions
  private(set) var pluginPath: String?
  private(set) var sourcePath: String?
  private(set) var source: SourceDescription?
  private(set) var host: HeadlessHost
  private(set) var environment: LuaTableReference
  private var inspector: LuaFunction
  /// The log so far (for `:events` and `:beacons`).
  private(set) var entries: [LogEntry] = []
  /// Event types that stop the clock when they happen.
  var stopEvents: Set<LogKind> = []
  /// Whether the clock is moving (events print as they happen only then, and at `now`).
  var showTimeUpdates: Bool

  init(console: Console, options: RunOptions, pluginPath: String?, sourcePath: String?) throws {
    self.console = console
    self.options = options
    showTimeUpdates = options.timeUpdates
    let made = try Self.makeHost(
      console: console, options: options, pluginPath: nil, timeline: nil, sink: { _ in })
    (host, environment, inspector) = made
    try start(pluginPath: pluginPath, sourcePath: sourcePath)
  }

  /// A new host (and its console sandbox), the plugin loaded and the source set.
  func start(pluginPath: String?, sourcePath: String?) throws {
    let source = try sourcePath.map(SourceFile.load)
    let timeline = options.timeline ?? source.flatMap(SourceFile.timeline(of:))
    (host, environment, inspector) = try Self.makeHost(
      console: console, options: options, pluginPath: pluginPath, timeline: timeline
    ) { [weak self] entry in self?.record(entry) }
    self.pluginPath = pluginPath
    self.sourcePath = sourcePath
    self.source = source
    entries = []
    if let source {
      host.player.setSource(source)
      settle()
    }
  }

  /// A host with the plugin loaded, the sandbox to evaluate in (the plugin's) and the inspector.
  private static func makeHost(
    console: Console, options: RunOptions, pluginPath: String?, timeline: ContentTimeline?,
    sink: @escaping (LogEntry) -> Void
  ) throws -> (host: HeadlessHost, environment: LuaTableReference, inspector: LuaFunction) {
    var hostOptions = PluginHostOptions(http: options.client)
    hostOptions.limits = options.limits
    hostOptions.libraryFolders = LibraryOptions.searchList(options.libraries)
    hostOptions.views = options.views
    hostOptions.engine.startDate = options.startDate
    hostOptions.engine.verificationVendors = options.verificationVendors
    hostOptions.engine.faults = options.faults
    hostOptions.engine.checksMedia = options.checksMedia
    hostOptions.engine.defaultTimeline = timeline ?? .live
    hostOptions.engine.segments = options.segments
    // As in `adhost run`: a timeline given on the command line or in the source wins over an
    // HLS source's playlist (the REPL steps the clock itself, so live playlists may play).
    hostOptions.engine.readsPlaylists = timeline == nil
    hostOptions.diagnostics = { console.printError($0) }
    let host = try HeadlessHost(options: hostOptions, log: EventLog(mode: .stream(sink)))
    RunEnd.stopWhenContentEnds(host.player, after: options.actions.map(\.at).max() ?? 0)
    host.pluginHost.lua.printHandler = { console.print($0) }
    host.loop.realTime = options.realTime
    // A session's I/O is bounded in all only when asked: it may last all day.
    if let budget = options.ioSeconds { host.loop.ioBudget = budget }
    if let pluginPath { try host.loadPlugin(at: pluginPath) }
    let environment = try host.pluginHost.consoleEnvironment()
    return (host, environment, try loadInspector(host.pluginHost.lua, environment))
  }

  private static func loadInspector(_ lua: LuaState, _ environment: LuaTableReference) throws -> LuaFunction {
    let chunk = try lua.load(replInspectorSource, chunkName: "=[repl]", environment: environment)
    guard case .function(let inspector)? = try lua.call(chunk).first else {
      throw LuaError(.runtime, "the REPL inspector did not load")
    }
    return inspector
  }

  private func record(_ entry: LogEntry) {
    entries.append(entry)
    if entries.count > 10_000 { entries.removeFirst(entries.count - 10_000) }
    if showTimeUpdates || entry.kind != .timeupdate { console.print(RunSession.styled(entry, console)) }
    if stopEvents.contains(entry.kind) {
      host.loop.stop("stopped at \(entry.kind)")
    }
  }

  /// Lets the loop deliver what is due now without moving the clock.
  func settle() {
    _ = host.loop.run(until: host.loop.now)
  }

  /// Moves the clock `seconds` (or to the end with nil), printing what happens; says why it stopped.
  /// Time passes while the content is paused too (a viewer who paused): timers fire, the content
  /// stays where it is. After a stop (`:stop-at`), the answers to what that instant started
  /// (its beacons) arrive before the prompt returns.
  func advance(by seconds: Double?) {
    let limitMicros = seconds.map { host.loop.nowMicros + VirtualTime.micros($0) }
    let limit = limitMicros.map(VirtualTime.seconds) ?? options.until
    // A mark at the limit moves the clock there even when nothing else is due.
    let mark = limitMicros.map { host.loop.afterMicros($0 - host.loop.nowMicros) {} }
    defer { mark?.cancel() }
    let outcome = interruptible(host.loop) { host.loop.run(until: limit) }
    host.loop.deliverOutstanding()
    let time = VirtualTime.secondsText(host.loop.nowMicros / 1000 * 1000)
    let reachedMark = limitMicros.map { host.loop.nowMicros >= $0 } ?? false
    // (Not while a client-side ad plays: the player pauses the content for it.)
    let paused =
      host.player.paused && host.player.isLoaded && !host.player.ended && host.player.ads.currentAds.isEmpty
    let note = paused ? " (the content is paused at \(Self.seconds(host.player.currentTime)) s)" : ""
    switch outcome.kind {
    case .reachedLimit: console.print(console.styled("-- at \(time) s\(note)", "2"))
    case .idle where reachedMark: console.print(console.styled("-- at \(time) s\(note)", "2"))
    default: console.print(console.styled("-- at \(time) s: \(outcome.reason)", "2"))
    }
  }

  private static func seconds(_ value: Double) -> String {
    VirtualTime.secondsText(VirtualTime.micros(value))
  }

  // MARK: Lua

  /// What evaluating a chunk came to.
  enum Evaluation: Equatable {
    /// The chunk is not finished: more lines are needed.
    case incomplete
    /// The values (rendered), or the error; nil when there is nothing to show.
    case output(String?)
  }

  /// Evaluates a chunk: as an expression first (`return <code>`), else as statements.
  func evaluate(_ code: String) -> Evaluation {
    host.pluginHost.lua.printHandler = { [console] in console.print(TerminalEscape.lines($0)) }
    environment.set("controller", host.pluginHost.activeController.map { .object($0) } ?? .nil)
    let chunk: LuaFunction
    do {
      chunk = try host.pluginHost.lua.load("return " + code, chunkName: "=stdin", environment: environment)
    } catch {
      do {
        chunk = try host.pluginHost.lua.load(code, chunkName: "=stdin", environment: environment)
      } catch let error where error.kind == .syntax && error.message.hasSuffix("<eof>") {
        return .incomplete
      } catch {
        return .output(console.styled(TerminalEscape.lines(error.message), "31"))
      }
    }
    switch host.evaluate(inspector, [.function(chunk)]) {
    case .success(let results):
      guard case .integer(let count)? = results.dropFirst().first, count > 0 else { return .output(nil) }
      return .output(results.first?.stringValue.map(TerminalEscape.lines))
    case .failure(var error):
      // The REPL's own frames say nothing about the user's code.
      error.traceback = error.traceback.map { traceback in
        traceback.split(separator: "\n").filter { !$0.contains("[repl]") }.joined(separator: "\n")
      }
      return .output(console.styled(TerminalEscape.lines(error.description), "31"))
    }
  }
}

import Foundation
import HTTPKit
import LuaKit
import OutsideText
import PlaybackEngine
import PlayerSeam

/// What a host needs to know before it starts.
public struct PluginHostOptions {
  /// Budgets for plugin code.
  public var limits = LuaLimits()
  /// Folders `require` also searches, after adhost's SDK and the plugin's folder (`--lib`, then
  /// `ADHOST_LUA_PATH`): `PluginHost.moduleSearchPath`.
  public var libraryFolders: [String] = []
  /// Compiled Lua chunks the host's state shares with other hosts of the same run (the
  /// scenarios of one `adhost test`): nil, every file the plugin loads is compiled.
  public var chunkCache: LuaChunkCache?
  /// What the host's playback engine needs (`PluginHost.engine`): the HTTP client, which the
  /// plugins' `http`, `vast` and `beacon` modules use too, media checks (`adhost run
  /// --check-media`), verification vendors (`--verification-vendors`), faults (`--faults`), the
  /// default timeline (`--duration`, `--live`), playlists, segments, and the start date
  /// (`--start-date`), which is the plugins' clock's too.
  public var engine: PlaybackEngineOptions
  /// What plugins' WebKit views may do (`webview.open`): their screenshots' folder, the memory
  /// of their web process.
  public var views = PluginViewOptions()
  /// Where diagnostics go (plugin errors with tracebacks, `log.*` lines): standard error. The
  /// host escapes control characters in them first (`TerminalEscape.lines`: they carry a
  /// plugin's and an ad server's text), keeping line feeds and tabs.
  public var diagnostics: (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }

  /// Options with this HTTP client and the defaults for the rest.
  public init(http: HTTPClient) { engine = PlaybackEngineOptions(http: http) }

  /// Options with these engine options and the defaults for the rest.
  public init(engine: PlaybackEngineOptions) { self.engine = engine }
}

/// A plugin failed to load or to register an integration.
public struct PluginLoadError: Error, CustomStringConvertible {
  /// What went wrong, naming the file (and line when known).
  public let message: String
  /// Lua's traceback, when there is one.
  public let traceback: String?
  public var description: String { message + (traceback.map { "\n" + $0 } ?? "") }
}

/// The engine of adhost: a player's server-side ad integrations as Lua plugins, bound to its
/// controller, the HTTP and VAST clients, on its scheduler. The player is any implementation of
/// `IntegrationPlayer`: the headless `AdPlayer.Player` (`adhost run`), or an app's own. Host thread only.
public final class PluginHost {
  /// The Lua state every plugin runs in (each in its own sandbox).
  public let lua: LuaState
  /// The player the plugins drive.
  public let player: any IntegrationPlayer
  /// The player's scheduler (the host thread's clock and queue).
  public var loop: any IntegrationScheduler { player.loop }
  /// What the player does for ads without Lua, which the plugins' modules bind: playlists,
  /// interstitials, client-side ads, native VAST tracking, beacons, the request logs.
  public let engine: PlaybackEngine
  /// The engine's HTTP client (requests logged, faults injected).
  var http: HTTPClient { engine.http }
  let diagnostics: (String) -> Void
  /// The plugins loaded, in order.
  var plugins: [Plugin] = []
  /// What to do when a suspended coroutine finishes, by coroutine.
  var continuations: [ObjectIdentifier: (Result<[LuaValue], LuaError>) -> Void] = [:]
  /// Plugin error messages already shown with their traceback.
  var reportedErrors: Set<String> = []
  /// How deep plugin callbacks run inside each other right now (see `maxCallbackNesting`).
  var callbackNesting = 0
  /// Whether a nesting-limit refusal, deferred until the stack unwound, is being reported now.
  var reportingDeferredRefusal = false
  /// The nesting level of the timer callback running now, 0 outside timers (see `timerModule`).
  var timerNesting = 0
  /// See `PluginHostOptions.libraryFolders`.
  let libraryFolders: [String]
  /// See `PluginHostOptions.views`.
  let viewOptions: PluginViewOptions
  /// The WebKit views plugins opened (`webview.open`), closed with the host.
  public internal(set) var webViews: [PluginWebView] = []
  /// Why the last `webview.open` failed (the engine could not start), if one did.
  public internal(set) var openFailure: String?

  /// A host of Lua integrations on `player` (fresh: no integration registered yet), with a new
  /// Lua state.
  public init(player: any IntegrationPlayer, options: PluginHostOptions) throws(LuaError) {
    lua = try LuaState(limits: options.limits)
    lua.chunkCache = options.chunkCache
    lua.clock = Self.clock(of: player.loop, startDate: options.engine.startDate)
    self.player = player
    do {
      engine = try PlaybackEngine(player: player, options: options.engine)
    } catch {
      throw LuaError(.runtime, "cannot register the client-side ad integration: \(error)")
    }
    let sink = options.diagnostics
    diagnostics = { sink(TerminalEscape.lines($0)) }
    libraryFolders = options.libraryFolders
    viewOptions = options.views
    registerTypes(for: player)
  }

  /// Views the plugins left open close with the host, as at the end of a run (`closeWebViews`).
  deinit { closeWebViews() }

  /// Loads a plugin file: runs it in a new sandbox whose `require` reads adhost's SDK, the
  /// file's folder and the library folders. The plugin must register at least one integration.
  public func loadPlugin(at path: String) throws(PluginLoadError) {
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
    let plugin: Plugin
    do {
      let environment = try lua.makeSandbox(
        modules: Self.moduleSearchPath(pluginFolder: folder, libraries: libraryFolders))
      plugin = Plugin(path: path, environment: environment)
      lua.printHandler = { [weak self] line in self?.diagnostics(line) }
      installModules(for: plugin)
      plugins.append(plugin)
      try lua.call(try lua.loadFile(path, environment: environment))
    } catch {
      throw PluginLoadError(message: error.message, traceback: error.printedTraceback)
    }
    guard !plugin.integrations.isEmpty else {
      throw PluginLoadError(
        message:
          "\(path): registers no integration (call player.ads:registerServerSideIntegration(id, factory))",
        traceback: nil)
    }
  }

  /// The ids of every registered integration: the plugins' and the host's built-in ones.
  public var integrationIds: [String] { pluginIntegrationIds + Self.builtInIntegrationIds }

  /// The ids of the integrations the loaded plugins registered.
  public var pluginIntegrationIds: [String] { plugins.flatMap(\.integrations) }

  /// The ids of the host's own integrations (client-side ads), which no plugin may register.
  public static var builtInIntegrationIds: [String] { [PlaybackEngine.integration] }

  /// The plugin that registered an integration.
  func plugin(for integration: String) -> Plugin? {
    plugins.first { $0.integrations.contains(integration) }
  }
}

/// A weak reference to the host, for closures that must not keep it alive.
struct WeakHost {
  weak var host: PluginHost?
  init(_ host: PluginHost) { self.host = host }
}

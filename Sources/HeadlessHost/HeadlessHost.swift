import AdPlayer
import LuaKit
import PlayerSeam
import PluginHost

/// A `PluginHost` on a new headless player (`AdPlayer.Player`, on a virtual clock): what
/// `adhost run`, `adhost repl` and `adhost display` drive, and the Swift library's way to run an
/// integration without an app's player. `host.player.setSource(_:)` loads a source and
/// `host.player.run(until:)` plays it. Host thread only.
public final class HeadlessHost {
  /// The headless player the plugins drive.
  public let player: Player
  /// The bridge: the Lua state, the plugins and their modules, bound to `player`.
  public let pluginHost: PluginHost

  /// A host on a new headless player that writes `log`; sources get `options.engine.defaultTimeline`
  /// unless their playlist or MPD gives one.
  public init(options: PluginHostOptions, log: EventLog = EventLog()) throws(LuaError) {
    player = Player(defaultTimeline: options.engine.defaultTimeline, log: log)
    pluginHost = try PluginHost(player: player, options: options)
    // Every later call would fail at once: the run ends after the callback under way
    // (`pluginHost.lua.isRunBudgetSpent` tells why).
    pluginHost.lua.runBudgetSpent = { [link = player.link] in
      link.player?.loop.stop("the plugins' run time budget is spent")
    }
  }

  /// The player's event loop.
  public var loop: HostLoop { player.loop }

  /// Loads a plugin file (`PluginHost.loadPlugin(at:)`).
  public func loadPlugin(at path: String) throws(PluginLoadError) { try pluginHost.loadPlugin(at: path) }

  /// Ends the host's run: destroys the player (each integration's `resetSource` and `destroy`
  /// run), delivers what that set off, and closes every view the plugins left open
  /// (`PluginHost.closeWebViews`: settled, a `close` line, the engine's processes ended). What
  /// `adhost run`, `adhost test` and `adhost display` do last; releasing the host (or a
  /// `PluginHost`) closes the views too.
  public func end() {
    player.destroy()
    _ = player.loop.run(until: player.loop.now)
    pluginHost.closeWebViews()
  }

  /// Runs `function` as plugin code, delivering I/O without moving the clock
  /// (`PluginHost.evaluate`).
  public func evaluate(_ function: LuaFunction, _ arguments: [LuaValue] = []) -> Result<[LuaValue], LuaError>
  {
    pluginHost.evaluate(function, arguments) {
      let run = player.run(until: player.loop.now)
      return run.kind == .reachedLimit ? nil : run.reason
    }
  }
}

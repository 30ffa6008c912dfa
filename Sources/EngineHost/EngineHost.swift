import GStreamerEngine
import GStreamerPlayer
import LuaKit
import PlayerSeam
import PluginHost

/// A `PluginHost` on the real engine (`GStreamerPlayer.EnginePlayer`, GStreamer in the
/// `adhost-gst` helper): the same plugins as on the headless player, driven in real time or in
/// the fast mode. What `adhost run --engine gstreamer` drives, and an app's way to host the
/// plugins beside GStreamer (docs/embedding.md). `host.player.setSource(_:)` loads a source and
/// `host.run(until:)` plays it; `host.end()` ends. Host thread only.
public final class EngineHost {
  /// The engine's player the plugins drive.
  public let player: EnginePlayer
  /// The bridge: the Lua state, the plugins and their modules, bound to `player`.
  public let pluginHost: PluginHost
  /// The run loop of `player`.
  public let runner: EngineRun

  /// A host whose engine runs at `speed` (`show` for a window) and makes every request through
  /// the host's logged client (the options' HTTP client, with its faults and recording); the
  /// playlists and MPDs are the engine's to fetch, so the host makes no content request of its own:
  /// it reads the cues of those the engine fetched (`EnginePlayer`, `FetchedPlaylists`).
  /// `display` is the X display of the window (nil: the host's own).
  public init(
    options: PluginHostOptions, speed: GStreamerEngineOptions.Speed, show: Bool = false,
    display: String? = nil, log: EventLog = EventLog()
  ) throws(LuaError) {
    var engineOptions = GStreamerEngineOptions(http: options.engine.http)
    engineOptions.speed = speed
    // The fast mode follows the host's media-time timers frame by frame.
    engineOptions.stepped = speed == .fast
    engineOptions.show = show
    engineOptions.display = display
    player = EnginePlayer(engineOptions: engineOptions, log: log)
    var options = options
    options.engine.readsPlaylists = false
    options.engine.segments = nil
    pluginHost = try PluginHost(player: player, options: options)
    // The engine's requests go through the same client as the plugins': logged, faults injected.
    player.engineOptions.http = pluginHost.engine.http
    player.playInterstitials(through: pluginHost.engine)
    runner = EngineRun(player: player)
    pluginHost.lua.runBudgetSpent = { [runner] in runner.interrupt("the plugins' run time budget is spent") }
  }

  /// Loads a plugin file (`PluginHost.loadPlugin(at:)`).
  public func loadPlugin(at path: String) throws(PluginLoadError) { try pluginHost.loadPlugin(at: path) }

  /// Plays the loaded source until it ends, a fatal error, `until` seconds of the scheduler's
  /// time, or `runner.interrupt`.
  public func run(until limit: Double? = nil) -> (ending: EngineRun.Ending, reason: String) {
    runner.run(until: limit)
  }

  /// Ends the host's run: destroys the player (each integration's `resetSource` and `destroy`,
  /// then the engine, whose last frame counts are logged) and closes the plugins' views.
  public func end() {
    runner.finish()
    pluginHost.closeWebViews()
  }
}

import EngineHost
import GStreamerEngine
import HeadlessHost
import LuaKit
import PlayerSeam
import PluginHost

/// One way for an app (or a tool) to host the plugins on either player: the headless player on
/// its virtual clock (`HeadlessHost`) or the GStreamer player (`EngineHost`, real time or the
/// fast mode). Create a host for a player, load plugins, set a source, run, end:
///
///     let host = try AdHost(.gstreamer(speed: .fast), options: options)
///     try host.loadPlugin(at: "plugins/dai.lua")
///     host.autoplay = true
///     host.setSource(source)
///     let run = host.run(until: 120)
///     host.end()
///
/// What differs between the players stays behind it: how time passes, how a run ends. The player
/// itself (`player`, the seam's `IntegrationPlayer`) and the bridge (`pluginHost`) are the same
/// types on both. Host thread only.
public final class AdHost {
  /// The player the plugins are hosted on.
  public enum Choice: Sendable, Equatable {
    /// AdPlayer's headless player, on a virtual clock.
    case headless
    /// The GStreamer player at `speed`, with a window when `show`.
    case gstreamer(speed: GStreamerEngineOptions.Speed, show: Bool = false)
  }

  private enum Hosted {
    case headless(HeadlessHost)
    case engine(EngineHost)
  }

  private let hosted: Hosted

  /// A host on a new player of `choice`, writing `log`, with the bridge's `options` (its HTTP
  /// client carries the engine's requests too).
  public init(_ choice: Choice, options: PluginHostOptions, log: EventLog = EventLog()) throws(LuaError) {
    switch choice {
    case .headless: hosted = .headless(try HeadlessHost(options: options, log: log))
    case .gstreamer(let speed, let show):
      hosted = .engine(try EngineHost(options: options, speed: speed, show: show, log: log))
    }
  }

  /// The player the plugins drive.
  public var player: any IntegrationPlayer {
    switch hosted {
    case .headless(let host): host.player
    case .engine(let host): host.player
    }
  }

  /// The bridge: the Lua state, the plugins and their modules.
  public var pluginHost: PluginHost {
    switch hosted {
    case .headless(let host): host.pluginHost
    case .engine(let host): host.pluginHost
    }
  }

  /// The run's event log.
  public var log: EventLog {
    switch hosted {
    case .headless(let host): host.player.log
    case .engine(let host): host.player.log
    }
  }

  /// Whether a newly loaded source starts playing by itself.
  public var autoplay: Bool {
    get {
      switch hosted {
      case .headless(let host): host.player.autoplay
      case .engine(let host): host.player.autoplay
      }
    }
    set {
      switch hosted {
      case .headless(let host): host.player.autoplay = newValue
      case .engine(let host): host.player.autoplay = newValue
      }
    }
  }

  /// Loads a plugin file (`PluginHost.loadPlugin(at:)`).
  public func loadPlugin(at path: String) throws(PluginLoadError) { try pluginHost.loadPlugin(at: path) }

  /// Loads a source through the integrations (`nil` unloads).
  public func setSource(_ source: SourceDescription?) { player.setSource(source) }

  /// Plays until the content ends (no ad playing), a fatal error, `until` seconds of the
  /// player's clock, or nothing is left to do.
  public func run(until limit: Double? = nil) -> AdHostRun {
    switch hosted {
    case .headless(let host):
      let outcome = host.player.run(until: limit)
      return AdHostRun(headless: outcome.kind, reason: outcome.reason, player: host.player)
    case .engine(let host):
      let (ending, reason) = host.run(until: limit)
      return AdHostRun(engine: ending, reason: reason)
    }
  }

  /// Ends the host: destroys the player (each integration's `resetSource` and `destroy`; the
  /// engine's helper exits) and closes the plugins' views.
  public func end() {
    switch hosted {
    case .headless(let host): host.end()
    case .engine(let host): host.end()
    }
  }
}

import LuaKit
import PlayerSeam

/// What an interactive console (the REPL) needs from the host.
extension PluginHost {
  /// The sandbox of the first plugin loaded, or, with none, a new sandbox with the plugin API
  /// (`player`, `http`, `vast`, …) that registers nothing.
  public func consoleEnvironment() throws(LuaError) -> LuaTableReference {
    if let plugin = plugins.first { return plugin.environment }
    let modules = Self.moduleSearchPath(pluginFolder: nil, libraries: libraryFolders)
    let plugin = Plugin(path: "console", environment: try lua.makeSandbox(modules: modules))
    installModules(for: plugin)
    plugins.append(plugin)
    return plugin.environment
  }

  /// The controller of the integration handling the loaded source, else of the first one
  /// registered.
  public var activeController: (any AdIntegrationController)? {
    if let id = player.activeIntegration, let controller = player.ads.controller(for: id) {
      return controller
    }
    return plugins.lazy.flatMap(\.integrations).compactMap { self.player.ads.controller(for: $0) }.first
  }

  /// Runs `function` as plugin code (in a coroutine, so it may wait for HTTP), letting the
  /// player's scheduler deliver I/O without moving the clock, and returns its results.
  /// `runDue` runs what is due now without moving the clock: nil once it ran all of it, else why
  /// it stopped (the headless player: `player.run(until: player.loop.now)`).
  public func evaluate(
    _ function: LuaFunction, _ arguments: [LuaValue] = [], runDue: () -> String?
  ) -> Result<[LuaValue], LuaError> {
    var outcome: Result<[LuaValue], LuaError>?
    runCallback(function, arguments) { outcome = $0 }
    // Each run delivers what arrived; one that ends with nothing left to deliver while the code
    // still waits means the code waits for the clock, which a console leaves to the user.
    for _ in 0..<1000 where outcome == nil {
      let stopped = runDue()
      if outcome == nil, let stopped {
        return .failure(LuaError(.runtime, "the code is still waiting: \(stopped)"))
      }
    }
    return outcome ?? .failure(LuaError(.runtime, "no result"))
  }
}

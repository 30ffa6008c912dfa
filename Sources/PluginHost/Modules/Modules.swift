import LuaKit
import PlayerSeam

extension PluginHost {
  /// Registers the userdata types of the plugin API with the Lua state.
  func registerTypes<P: IntegrationPlayer>(for player: P) {
    lua.register(AdBindings.adType(P.Ad.self))
    lua.register(AdBindings.adBreakType(P.AdBreak.self))
    lua.register(controllerType(for: player))
    lua.register(playerType())
    lua.register(adsType())
    lua.register(timerType())
    lua.register(clientSideType())
    lua.register(LuaObjectType<JSONNull>("json.null"))
    registerVASTTypes()
    lua.register(webViewType())
  }

  /// Puts the plugin API's globals into a plugin's sandbox.
  func installModules(for plugin: Plugin) {
    let view = PlayerView(player: player, plugin: plugin)
    plugin.view = view
    plugin.releaseHostMemory = { [weak lua = self.lua] bytes in lua?.releaseHostMemory(bytes) }
    let environment = plugin.environment
    environment.set("player", .object(view))
    let modules = [
      ("http", httpModule(for: plugin)), ("timer", timerModule(for: plugin)),
      ("vast", vastModule(for: plugin)),
      ("json", jsonModule()), ("url", urlModule()), ("log", logModule(for: plugin)),
      ("beacon", beaconModule(for: plugin)), ("webview", webviewModule(for: plugin)),
      ("clientside", clientSideModule(for: plugin)),
    ]
    // Read-only: a plugin cannot replace a function (or json.null) that the host relies on.
    for (name, fields) in modules { environment.setModule(name, fields) }
  }

  /// A module's fields: Swift functions.
  func module(_ functions: [String: LuaSwiftFunction]) -> [String: LuaValue] {
    functions.mapValues { .function(lua.function($0)) }
  }
}

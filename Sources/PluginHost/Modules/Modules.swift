import AdPlayer
import LuaKit

extension PluginHost {
  /// Registers the userdata types of the plugin API with the Lua state.
  func registerTypes() {
    lua.register(AdBindings.adType())
    lua.register(AdBindings.adBreakType())
    lua.register(controllerType())
    lua.register(playerType())
    lua.register(adsType())
    lua.register(timerType())
    lua.register(LuaObjectType<JSONNull>("json.null"))
    registerVASTTypes()
  }

  /// Puts the plugin API's globals into a plugin's sandbox.
  func installModules(for plugin: Plugin) {
    let view = PlayerView(player: player, plugin: plugin)
    plugin.view = view
    let environment = plugin.environment
    environment.set("player", .object(view))
    environment.set("http", httpModule(for: plugin))
    environment.set("timer", timerModule(for: plugin))
    environment.set("vast", vastModule(for: plugin))
    environment.set("json", jsonModule())
    environment.set("url", urlModule())
    environment.set("log", logModule(for: plugin))
    environment.set("beacon", beaconModule(for: plugin))
  }

  /// A module table of Swift functions.
  func module(_ functions: [String: LuaSwiftFunction]) -> LuaValue {
    .dictionary(functions.mapValues { .function(lua.function($0)) })
  }
}

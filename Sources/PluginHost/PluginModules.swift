import AdhostSDK
import Foundation
import LuaKit

extension PluginHost {
  /// Where a plugin's `require` looks, in this order: adhost's SDK folder (beside the
  /// executable), the plugin's own folder, then each of `libraries` (`--lib` folders, then
  /// `ADHOST_LUA_PATH`'s). The first folder holding the module wins (docs/plugin-api.md).
  public static func moduleSearchPath(pluginFolder: String?, libraries: [String]) -> ModuleSearchPath {
    var folders = [ModuleSearchPath.Folder(AdhostSDK.folder, role: "adhost's SDK", chunkPrefix: "sdk")]
    if let pluginFolder { folders.append(.init(pluginFolder, role: "the plugin's folder")) }
    folders += libraries.map { .init($0, role: "a library folder") }
    return ModuleSearchPath(folders)
  }

  /// The folders `ADHOST_LUA_PATH` names, colon-separated (empty entries are skipped).
  public static func environmentLibraries(
    _ environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> [String] {
    (environment["ADHOST_LUA_PATH"] ?? "").split(separator: ":").map(String.init)
  }
}

extension PluginHost {
  /// A new sandbox with the plugin API (`player`, `http`, `timer`, `json`, `log`, …, as the
  /// REPL's console has) that registers nothing, whose `require` searches adhost's SDK, `folder`
  /// and the library folders: for a script run inside a host (`adhost lua --host`).
  public func scriptEnvironment(folder: String?) throws(LuaError) -> LuaTableReference {
    let modules = Self.moduleSearchPath(pluginFolder: folder, libraries: libraryFolders)
    let plugin = Plugin(path: "script", environment: try lua.makeSandbox(modules: modules))
    installModules(for: plugin)
    plugins.append(plugin)
    return plugin.environment
  }
}

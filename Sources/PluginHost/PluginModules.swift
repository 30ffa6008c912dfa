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

import Foundation
import HTTPKit
import HeadlessHost
import LuaKit
import PluginHost

extension LuaCommand {
  /// `adhost lua --host`: runs the file in a fresh headless host's sandbox, with the plugin API.
  static func runInHost(
    _ path: String, limits: LuaLimits, libraries: [String], views: PluginViewOptions, json: Bool,
    console: Console
  ) -> Int32 {
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
    var options = PluginHostOptions(
      http: HTTPClient())
    options.limits = limits
    options.libraryFolders = libraries
    options.views = views
    options.engine.readsPlaylists = false
    options.diagnostics = { console.printError($0) }
    do {
      let host = try HeadlessHost(options: options)
      let environment = try host.pluginHost.scriptEnvironment(folder: folder)
      host.pluginHost.lua.printHandler = { console.print($0) }
      let chunk = try host.pluginHost.lua.loadFile(path, environment: environment)
      printResults(try host.evaluate(chunk).get(), json: json, console: console)
      return ExitCode.success
    } catch {
      console.printError(errorMessage(error))
      return ExitCode.failure
    }
  }
}

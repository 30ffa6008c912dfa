import Foundation
import PluginHost

/// `--lib DIR`, which every command that loads a plugin takes: more folders for `require`.
enum LibraryOptions {
  static let lib = CommandOption(
    "--lib", value: "DIR",
    help: """
      also load the modules the plugin requires from DIR (repeatable):
      after adhost's SDK and the plugin's folder, before ADHOST_LUA_PATH
      """)

  /// The `--lib` folders in the order given; one that is no folder is a usage error.
  static func folders(_ parsed: ParsedArguments) throws(UsageError) -> [String] {
    let given = parsed.values(lib)
    for folder in given {
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
        throw UsageError("\(lib.name) \(folder): no such folder")
      }
    }
    return given
  }

  /// The folders a host searches after the SDK and the plugin's folder: `given` (`--lib`),
  /// then `ADHOST_LUA_PATH`'s.
  static func searchList(_ given: [String]) -> [String] { given + PluginHost.environmentLibraries() }
}

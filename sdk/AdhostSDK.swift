import Foundation

/// adhost's Lua SDK: the `adhost.*` modules (and their internal `_adhost.*` helpers) that any
/// plugin can `require`, wherever it lives (docs/plugin-api.md, "The Lua SDK"). SwiftPM copies
/// them into `adhost_AdhostSDK.resources` beside the executable (`swift build`, `swift run`,
/// the release build and the tests alike); they are found from the executable's folder, never
/// from the checkout.
public enum AdhostSDK {
  /// The name of the SDK's folder beside the executable.
  public static let bundleName = "adhost_AdhostSDK.resources"

  /// The SDK's folder (holding `adhost/` and `_adhost/`) beside the running executable, where
  /// it is looked for even when it is missing, so that messages can say where.
  public static let folder: String = {
    let executable = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    return executable.resolvingSymlinksInPath().deletingLastPathComponent()
      .appendingPathComponent(bundleName).path
  }()
}

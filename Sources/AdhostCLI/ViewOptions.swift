import Foundation
import PluginHost
import WebViewKit

/// `--screenshots DIR` and `--webview-memory MB`, which every command whose plugins can open
/// WebKit views takes (run, test, display, repl, lua --host).
enum ViewOptions {
  static let screenshots = CommandOption(
    "--screenshots", value: "DIR",
    help: """
      let the plugin's view:screenshot("NAME.png") write NAME.png into DIR
      (a plain file name only); without it a plugin's screenshot is refused
      """)
  static let webviewMemory = CommandOption(
    "--webview-memory", value: "MB",
    help: """
      memory limit of each WebKit view's web process, in MiB (default 1024,
      128 to 65536): past it the page is ended ("exceeded its memory limit")
      """)

  /// The view options, in `--help` order.
  static let all = [screenshots, webviewMemory]

  /// The view options given; a `--screenshots` that is no folder is a usage error.
  static func options(_ parsed: ParsedArguments) throws(UsageError) -> PluginViewOptions {
    var options = PluginViewOptions()
    if let folder = parsed.value(screenshots) {
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
        throw UsageError("\(screenshots.name) \(folder): no such folder")
      }
      options.screenshots = ScreenshotFolder(path: folder)
    }
    if let megabytes = try parsed.integer(webviewMemory) {
      guard WebView.Configuration.webProcessMemoryRange.contains(megabytes) else {
        throw webviewMemory.error("expected a number of MiB from 128 to 65536")
      }
      options.webProcessMemoryMB = megabytes
    }
    return options
  }
}

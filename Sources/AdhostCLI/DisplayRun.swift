import AdPlayer
import Foundation
import HeadlessHost
import PlayerSeam
import PluginHost
import WebViewKit

/// One `adhost display` run: the plugin shows its placement, the screenshot and the actions run,
/// and each event is printed as it happens.
struct DisplayRun: Sendable {
  let console: Console
  let json: Bool
  let options: RunOptions
  let screenshot: String?
  let actions: [DisplayAction]

  func show(plugin path: String, integration: String, placement: JSONValue) throws -> Int32 {
    UnmatchedRequests.printNote(options.replay, "adhost display", to: console)
    let log = EventLog(
      mode: .stream { [console, json] entry in console.print(json ? entry.jsonLine : entry.textLine) })
    var hostOptions = PluginHostOptions(http: options.client)
    hostOptions.limits = options.limits
    hostOptions.libraryFolders = LibraryOptions.searchList(options.libraries)
    hostOptions.views = options.views
    hostOptions.engine.readsPlaylists = false
    hostOptions.diagnostics = { [console] in console.printError($0) }
    let host = try HeadlessHost(options: hostOptions, log: log)
    do {
      try host.loadPlugin(at: path)
    } catch {
      console.printError("adhost display: \(error)")
      return ExitCode.pluginFailed
    }
    let shown: PluginWebView
    do {
      shown = try host.pluginHost.showPlacement(integration: integration, placement: placement)
    } catch {
      console.flush()
      if host.pluginHost.webViews.isEmpty, let opening = host.pluginHost.openFailure {
        console.printError("adhost display: \(opening)")
        return ExitCode.unavailable
      }
      console.printError("adhost display: \(error)")
      return ExitCode.usage
    }
    var failed = false
    if let screenshot { failed = !run(.screenshot(path: screenshot), on: shown) || failed }
    for action in actions { failed = !run(action, on: shown) || failed }
    host.end()
    console.flush()
    options.recorder?.finish()
    if let problem = options.recorder?.saveError {
      console.printError("adhost display: \(problem)")
      return ExitCode.outputNotSaved
    }
    if let replay = options.replay, !replay.unmatched.isEmpty {
      console.printError(UnmatchedRequests.summary(replay, allowed: options.allowsUnmatched))
      if !options.allowsUnmatched { return ExitCode.failure }
    }
    return failed ? ExitCode.failure : ExitCode.success
  }

  /// Runs one action; false (and a message) when it failed.
  private func run(_ action: DisplayAction, on shown: PluginWebView) -> Bool {
    do {
      switch action {
      case .click(let x, let y): try shown.view.click(x: x, y: y)
      case .screenshot(let path):
        if let obstacle = WritePath.fileObstacle(path) {
          console.printError("adhost display: screenshot \(path): \(obstacle)")
          return false
        }
        try shown.view.screenshot(to: path)
      case .close:
        guard shown.tapNativeClose() else {
          console.printError("adhost display: close: this view has no native close (a banner has none)")
          return false
        }
      }
      return true
    } catch {
      console.printError("adhost display: \(action): \(error)")
      return false
    }
  }
}

import AdPlayer
import Foundation
import HTTPKit
import PluginHost

/// `adhost display PLUGIN PLACEMENT`: shows a display placement (a banner or an interstitial)
/// through a plugin, in a headless WebKit view, and prints what happened in it.
struct DisplayCommand: Command {
  static let name = "display"
  static let summary = "show a display ad placement in headless WebKit and print its timeline"
  static let help = """
    Usage: adhost display <plugin.lua> <placement.json> [options]

    Loads the plugin and runs the display placement it registered for the placement file's
    "integration" (webview.registerPlacement): the plugin opens a WebKit view (WebKitGTK in
    the adhost-webview helper, on a private Xvfb display) and loads the creative. Then the
    screenshot and the scripted actions run, the view closes, and one line per event is printed:
    requests, loads, navigations with the policy's decision, URLs opened outside, console
    messages, window.close() attempts, close (docs/display.md).

    Options:
      --screenshot FILE   save what the view shows, as PNG, once the creative loaded
      --actions FILE      scripted user actions, in order: [{"do": "click", "x": 10, "y": 20},
                          {"do": "screenshot", "path": "after.png"}, {"do": "close"}]
                          (close: the native close button; only views with one have it)
      --json              print the timeline as JSON Lines
      --allow-http        allow plain http:// loads (iOS NSAllowsArbitraryLoads)
      --offline DIR       answer HTTP from the recordings in DIR; no network (https requests of
                          the page other than its document are refused)
      --allow-unmatched   with --offline: list the requests it cannot answer, but exit 0
      --record DIR        record every HTTP exchange into DIR
      --timeout SECONDS   per-request HTTP timeout (default 5)
    \(LibraryOptions.help)
    \(ViewOptions.help)
      -h, --help          show this help

    Exit codes:
      0   shown (and the actions ran)
      1   the creative did not load, an action failed, or an --offline recording could not
          answer a request (unless --allow-unmatched)
      64  bad usage or input: unreadable placement or actions, no placement for its integration
      65  the plugin failed to load
      69  the engine could not start (no Xvfb, no adhost-webview)
      74  the --record recording could not be saved
    SIGINT/SIGTERM: the lines so far are kept, then the process ends by the signal
    """

  static let spec = ArgumentSpec(
    flags: ["--json", "--allow-http", "--allow-unmatched"],
    options: ViewOptions.names.union([
      "--screenshot", "--actions", "--offline", "--record", "--timeout", LibraryOptions.name,
    ]))

  static func run(_ arguments: [String], console: Console) async throws -> Int32 {
    let parsed = try ParsedArguments(arguments, spec: spec)
    try parsed.expectPositionals(2...2, "a plugin file and a placement file")
    let placementPath = parsed.positionals[1]
    let placement = try DisplayFiles.json(placementPath)
    guard case .object(let members) = placement, case .string(let integration)? = members["integration"]
    else {
      throw UsageError("\(placementPath): expected an object with \"integration\" (a string)")
    }
    let actions = try parsed.value("--actions").map(DisplayAction.load) ?? []
    // The HTTP options are run's: the same client, recording and replay.
    let shared = try RunOptions(ParsedArguments(sharedArguments(arguments), spec: RunOptions.spec))
    let run = DisplayRun(
      console: console, json: parsed.flags.contains("--json"), options: shared,
      screenshot: parsed.value("--screenshot"), actions: actions)
    let plugin = parsed.positionals[0]
    // A view's timeline happens on the wall clock: each line goes out as it happens.
    console.flushesEachLine = true
    InterruptFlush.install(console) { signal in
      console.flush()
      console.printError(InterruptFlush.note("display", signal, "the lines above are what had happened"))
    }
    return try await onOwnThread {
      try run.show(plugin: plugin, integration: integration, placement: placement)
    }
  }

  /// The arguments run's options understand (positionals and display's own options left out).
  private static func sharedArguments(_ arguments: [String]) -> [String] {
    var kept: [String] = []
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      if argument == "--screenshot" || argument == "--actions" {
        index += 2
        continue
      }
      if ["--offline", "--record", "--timeout", LibraryOptions.name].contains(argument)
        || ViewOptions.names.contains(argument)
      {
        kept += arguments[index..<min(index + 2, arguments.count)]
        index += 2
        continue
      }
      if ["--json", "--allow-http", "--allow-unmatched"].contains(argument) { kept.append(argument) }
      index += 1
    }
    return kept
  }
}

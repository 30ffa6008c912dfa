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
    \(options.help)

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

  static let screenshot = CommandOption(
    "--screenshot", value: "FILE", help: "save what the view shows, as PNG, once the creative loaded")
  static let actions = CommandOption(
    "--actions", value: "FILE",
    help: """
      scripted user actions, in order: [{"do": "click", "x": 10, "y": 20},
      {"do": "screenshot", "path": "after.png"}, {"do": "close"}]
      (close: the native close button; only views with one have it)
      """)
  static let json = RunOptions.json.helping("print the timeline as JSON Lines")

  /// The options of `adhost run` that display reads through `RunOptions` (HTTP, recording,
  /// replay, `--lib`, views), some described here in display's terms.
  static let shared =
    [
      RunOptions.allowHTTP,
      RunOptions.offline.helping(
        """
        answer HTTP from the recordings in DIR; no network (https requests of
        the page other than its document are refused)
        """),
      RunOptions.allowUnmatched,
      RunOptions.record.helping("record every HTTP exchange into DIR"),
      RunOptions.timeout, LibraryOptions.lib,
    ] + ViewOptions.all

  /// The options, in `--help` order.
  static let options = OptionList([screenshot, actions, json] + shared + [.help])

  /// What the parser accepts (tests parse with it).
  static var spec: ArgumentSpec { options.spec }

  static func run(_ arguments: [String], console: Console) async throws -> Int32 {
    let parsed = try ParsedArguments(arguments, spec: spec)
    try parsed.expectPositionals(2...2, "a plugin file and a placement file")
    let placementPath = parsed.positionals[1]
    let placement = try DisplayFiles.json(placementPath)
    guard case .object(let members) = placement, case .string(let integration)? = members["integration"]
    else {
      throw UsageError("\(placementPath): expected an object with \"integration\" (a string)")
    }
    let actions = try parsed.value(Self.actions).map(DisplayAction.load) ?? []
    let run = DisplayRun(
      console: console, json: parsed.has(json), options: try runOptions(parsed),
      screenshot: parsed.value(screenshot), actions: actions)
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

  /// The HTTP options are run's: the same client, recording and replay (and `--json`, which
  /// prints every event).
  static func runOptions(_ parsed: ParsedArguments) throws -> RunOptions {
    try RunOptions(parsed.keeping([json] + shared))
  }
}

import Foundation
import LuaKit
import PluginHost

/// `adhost lua FILE`: runs a Lua file in the plugin sandbox, with the plugin budgets.
struct LuaCommand: Command {
  static let name = "lua"
  static let summary = "run a Lua file in the plugin sandbox, with its limits"
  static let help = """
    Usage: adhost lua <file.lua> [--host] [--memory MB] [--instructions N] [--seconds S]
                      [--run-seconds S] [--lib DIR] [--json] [--stats]

    Runs a Lua file in the sandbox that plugins run in: the allow-listed standard library,
    require() from adhost's SDK, the file's own folder, --lib and ADHOST_LUA_PATH folders as for
    a plugin, text chunks only, and the budgets below. Prints what the file prints, then the
    values it returns. os.time() and os.clock() read the machine's clock (os.date formats in
    UTC); with --host, the host's: the wall clock as it starts plus the virtual time.

    Options:
    \(options.help)

    Exit codes: 0 the file ran; 1 it raised an error or exceeded a budget (message with file,
    line and traceback on standard error); 64 bad usage or a file that cannot be read.
    """

  static let host = CommandOption(
    "--host",
    help: """
      run the file in a fresh headless host instead, as a plugin's top level
      without a source: the plugin API's globals (player, http, timer, vast,
      json, url, log, beacon) are there, the virtual clock stays at 0 (how
      the SDK's unit tests run: docs/testing.md)
      """)
  static let json = CommandOption("--json", help: "print the returned values as one JSON array")
  static let stats = CommandOption(
    "--stats",
    help: """
      after the run, print its resources on standard error as one JSON
      object: {"lua_bytes":…,"lua_peak_bytes":…,"max_rss_kb":…,"seconds":…}
      """)

  /// The options, in `--help` order (the view options with `--host` only).
  static let options = OptionList(
    [host] + LimitOptions.all + [
      LibraryOptions.lib, ViewOptions.screenshots,
      ViewOptions.webviewMemory.addingHelpLine("(with --host only)"), json, stats, .help,
    ])

  static func run(_ arguments: [String], console: Console) async throws -> Int32 {
    let parsed = try ParsedArguments(arguments, spec: options.spec)
    try parsed.expectPositionals(1...1, "one Lua file")
    let path = parsed.positionals[0]
    let limits = try LimitOptions.limits(parsed)
    let libraries = LibraryOptions.searchList(try LibraryOptions.folders(parsed))
    let views = try ViewOptions.options(parsed)
    guard FileManager.default.isReadableFile(atPath: path) else {
      throw UsageError("cannot read \(path)")
    }

    if parsed.has(host) {
      guard !parsed.has(stats) else {
        throw UsageError("\(stats.name) measures the sandbox alone: not with \(host.name)")
      }
      let json = parsed.has(json)
      return try await onOwnThread {
        runInHost(path, limits: limits, libraries: libraries, views: views, json: json, console: console)
      }
    }
    return runFile(
      path, limits: limits, libraries: libraries, json: parsed.has(json), stats: parsed.has(stats),
      console: console)
  }

  private static func runFile(
    _ path: String, limits: LuaLimits, libraries: [String], json: Bool, stats: Bool, console: Console
  ) -> Int32 {
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
    let start = Date()
    do {
      let lua = try LuaState(limits: limits)
      defer { if stats { printStats(lua, since: start, console) } }
      lua.printHandler = { console.print($0) }
      let environment = try lua.makeSandbox(
        modules: PluginHost.moduleSearchPath(pluginFolder: folder, libraries: libraries))
      let chunk = try lua.loadFile(path, environment: environment)
      printResults(try lua.call(chunk), json: json, console: console)
      return ExitCode.success
    } catch {
      console.printError(errorMessage(error))
      return ExitCode.failure
    }
  }

  /// An error as `adhost lua` prints it; a spent run budget says how to raise it.
  static func errorMessage(_ error: any Error) -> String {
    guard let error = error as? LuaError, error.kind == .runTimeBudget else { return "error: \(error)" }
    return "error: \(error.message) (\(LimitOptions.runBudgetHint))"
      + (error.traceback.map { "\n" + $0 } ?? "")
  }

  /// Prints what a file returned: readable and tab-separated, or as one JSON array.
  static func printResults(_ results: [LuaValue], json: Bool, console: Console) {
    if json {
      console.print("[" + results.map(LuaValueFormat.json).joined(separator: ",") + "]")
    } else if !results.isEmpty {
      console.print(results.map(LuaValueFormat.readable).joined(separator: "\t"))
    }
  }

  /// The run's resources as one JSON object on standard error.
  private static func printStats(_ lua: LuaState, since start: Date, _ console: Console) {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    let seconds = String(format: "%.3f", Date().timeIntervalSince(start))
    console.printError(
      #"{"lua_bytes":\#(lua.memoryInUse),"lua_peak_bytes":\#(lua.peakMemory),"max_rss_kb":\#(usage.ru_maxrss),"seconds":\#(seconds)}"#
    )
  }
}

import AdPlayer
import Foundation
import LuaKit
import PlayerSeam
import PluginHost

#if canImport(Glibc)
  import Glibc
#endif

/// `adhost repl [PLUGIN [SOURCE]]`: an interactive Lua prompt inside the running host.
struct ReplCommand: Command {
  static let name = "repl"
  static let summary = "debug an integration live: Lua in the plugin's sandbox, the clock under your control"
  static let help = """
    Usage: adhost repl [<plugin.lua> [<source.json>]] [options of adhost run]

    Starts an interactive Lua prompt inside the host: the plugin's own sandbox, with player,
    controller (of the active integration), vast, http, json and the plugin's globals. The
    virtual clock stays stopped until you move it (:step, :run). An expression prints its
    values; an unfinished chunk asks for more lines; errors print with a traceback.

    Commands (:help in the REPL explains each):
      :help :load :source :reload :play :pause :seek :step :run :stop-at :skip :events
      :breaks :beacons :timeupdates :quit

    In a terminal: line editing, history across sessions (in $ADHOST_HISTORY, default
    ~/.adhost_history) and tab completion of globals, fields and methods; colours unless
    NO_COLOR is set. Otherwise (script mode) it reads standard input and prints each line after
    the prompt before running it, so that the output reads as a transcript.

    Options: those of adhost run (--offline DIR, --allow-http, --duration S, --live, --timeout S,
    --memory MB, --instructions N, --seconds S, --run-seconds S, --timeupdates, --realtime,
    --lib DIR, --screenshots DIR, --webview-memory MB).

    Exit codes: 0 at the end of input or :quit; 64 bad usage or input; 65 the plugin failed to load.
    """

  /// Run's options (its help names them in a sentence).
  static var options: OptionList { RunOptions.list }

  static func run(_ arguments: [String], console: Console) async throws -> Int32 {
    let parsed = try ParsedArguments(arguments, spec: options.spec)
    try parsed.expectPositionals(0...2, "at most a plugin file and a source file")
    let options = try RunOptions(parsed)
    try options.engine.requireHeadless("repl")
    let environment = ProcessInfo.processInfo.environment
    let interactive = isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
    let pluginPath = parsed.positionals.first
    let sourcePath = parsed.positionals.dropFirst().first
    return try await onOwnThread {
      let session: ReplSession
      do {
        session = try ReplSession(
          console: console, options: options, pluginPath: pluginPath, sourcePath: sourcePath)
      } catch let error as PluginLoadError {
        console.printError("adhost repl: \(error)")
        return ExitCode.pluginFailed
      }
      let reader: LineReader =
        interactive
        ? EditingLineReader(
          historyFile: EditingLineReader.defaultHistoryFile(environment: environment),
          complete: { [weak session] in session?.completions(for: $0) ?? [] })
        : PlainLineReader()
      if interactive { session.printBanner() }
      session.readEvaluatePrint(reader, prompts: interactive, echo: !interactive)
      return ExitCode.success
    }
  }
}

extension ReplSession {
  func printBanner() {
    var loaded: [String] = []
    if let pluginPath { loaded.append("plugin \(pluginPath)") }
    if let sourcePath { loaded.append("source \(sourcePath)") }
    console.print(
      console.styled("adhost repl", "1") + (loaded.isEmpty ? "" : " — " + loaded.joined(separator: ", "))
        + ". The clock is stopped at \(VirtualTime.secondsText(VirtualTime.micros(host.loop.now))) s; :help lists the commands."
    )
    console.flush()
  }

  /// Reads lines until the end of input or `:quit`: commands run, Lua evaluates (lines gather
  /// until the chunk is complete), and what they print is flushed after each line. With `echo`
  /// (script mode, where nothing shows what was typed), each line is printed after the prompt
  /// before it runs, so that a transcript reads like a session at a terminal.
  func readEvaluatePrint(_ reader: LineReader, prompts: Bool, echo: Bool = false) {
    var chunk = ""
    func prompt() -> String { chunk.isEmpty ? "adhost> " : "    >> " }
    while let line = reader.readLine(prompt: prompts ? prompt() : "") {
      defer { console.flush() }
      if echo { console.print(console.styled(prompt(), "2") + line) }
      if chunk.isEmpty && line.hasPrefix(":") {
        if !runCommand(line) { break }
        continue
      }
      chunk += (chunk.isEmpty ? "" : "\n") + line
      if chunk.trimmingCharacters(in: .whitespaces).isEmpty {
        chunk = ""
        continue
      }
      switch evaluate(chunk) {
      case .incomplete: continue
      case .output(let text):
        if let text { console.print(text) }
        chunk = ""
      }
    }
    // Views the plugin left open close as at the end of a run (settled, with their `close` line).
    host.pluginHost.closeWebViews()
    console.flush()
  }
}

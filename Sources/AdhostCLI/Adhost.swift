/// The `adhost` command line: picks the sub-command and turns errors into exit codes.
public enum Adhost {
  /// Every sub-command, in the order `adhost --help` lists them.
  public static let commands: [any Command.Type] = [
    RunCommand.self,
    DisplayCommand.self,
    TestCommand.self,
    ReplCommand.self,
    VASTCommand.self,
    CheckCommand.self,
    LuaCommand.self,
    MediaCommand.self,
  ]

  static let help = """
    adhost — write and test video ad integrations as Lua plugins.

    Usage: adhost <command> [arguments] [options]

    Commands:
    \(commands.map { "  " + $0.name + String(repeating: " ", count: max(1, 9 - $0.name.count)) + $0.summary }.joined(separator: "\n"))

    Run 'adhost <command> --help' for a command's arguments and options.
    \(exitCodeLines)
    """

  /// `Exit codes: 0 success, …` from `ExitCode.summaries`, in lines of at most 92 columns.
  static var exitCodeLines: String {
    let items = ExitCode.summaries.map { "\($0.code) \($0.meaning)" }
    let words = ("Exit codes: " + items.joined(separator: ", ") + " (docs/cli.md).").split(separator: " ")
    var lines: [String] = []
    for word in words {
      if let last = lines.last, last.count + 1 + word.count <= 92 {
        lines[lines.count - 1] = last + " " + word
      } else {
        lines.append(String(word))
      }
    }
    return lines.joined(separator: "\n")
  }

  /// Runs the command line (without the program name) and returns the exit code.
  public static func main(_ arguments: [String], console: Console) async -> Int32 {
    guard let name = arguments.first, name != "--help", name != "-h", name != "help" else {
      console.print(help)
      return arguments.isEmpty ? ExitCode.usage : ExitCode.success
    }
    guard let command = commands.first(where: { $0.name == name }) else {
      console.printError("adhost: unknown command '\(name)'. Run 'adhost --help' for the list.")
      return ExitCode.usage
    }
    let rest = Array(arguments.dropFirst())
    if rest.contains("--help") || rest.contains("-h") {
      console.print(command.help)
      return ExitCode.success
    }
    do {
      return try await command.run(rest, console: console)
    } catch let error as UsageError {
      console.printError("adhost \(name): \(error.description)\nRun 'adhost \(name) --help' for usage.")
      return ExitCode.usage
    } catch {
      console.printError("adhost \(name): \(error)")
      return ExitCode.failure
    }
  }
}

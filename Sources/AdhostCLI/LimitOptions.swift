import CheckedNumbers
import LuaKit

/// The plugin budget options that `adhost run`, `repl`, `lua` (and scenarios' `budgets`) share.
enum LimitOptions {
  static let memory = CommandOption(
    "--memory", value: "MB", help: "plugin memory budget in MiB (default 64; 0 for none)")
  static let instructions = CommandOption(
    "--instructions", value: "N",
    help: "instructions one call into the plugin may run (default 100000000; 0: none)")
  static let seconds = CommandOption(
    "--seconds", value: "S", help: "wall-clock seconds one call into the plugin may run (default 5; 0: none)")
  static let runSeconds = CommandOption(
    "--run-seconds", value: "S",
    help: """
      seconds all calls into the plugins of the run may take together, on the
      clock of --seconds (waiting between calls is not counted) (default 60; 0: none)
      """)

  /// The budget options, in `--help` order.
  static let all = [memory, instructions, seconds, runSeconds]

  /// How to raise the run's budget, for the error that ends a run that spent it.
  static let runBudgetHint =
    "give --run-seconds S to raise it, 0 for none (in a scenario: budgets.runSeconds)"

  /// The budgets the options give, defaults for the rest.
  static func limits(_ parsed: ParsedArguments) throws(UsageError) -> LuaLimits {
    var limits = LuaLimits()
    if let megabytes = try parsed.number(memory) {
      // Up to 2^40 MiB (an exbibyte, far past any machine), so the byte count always fits an Int.
      guard megabytes >= 0, let bytes = Int.checked(megabytes * 1_048_576, rounding: .down, in: 0...(1 << 60))
      else { throw memory.error("expected a number of MiB from 0 to 1099511627776") }
      limits.memoryBytes = bytes
    }
    if let count = try parsed.integer(instructions) {
      guard count >= 0 else { throw instructions.error("expected a count, 0 or more") }
      limits.instructionsPerCall = count
    }
    if let seconds = try parsed.number(Self.seconds) {
      guard seconds >= 0 else { throw Self.seconds.error("expected a number of seconds, 0 or more") }
      limits.secondsPerCall = seconds
    }
    if let seconds = try parsed.number(runSeconds) {
      guard seconds >= 0 else { throw runSeconds.error("expected a number of seconds, 0 or more") }
      limits.secondsPerRun = seconds
    }
    return limits
  }
}

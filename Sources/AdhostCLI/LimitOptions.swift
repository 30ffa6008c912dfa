import CheckedNumbers
import LuaKit

/// The plugin budget options that `adhost run` and `adhost lua` share.
enum LimitOptions {
  static let names: Set<String> = ["--memory", "--instructions", "--seconds"]

  static let help = """
      --memory MB         plugin memory budget in MiB (default 64; 0 for none)
      --instructions N    instructions one call into the plugin may run (default 100000000; 0: none)
      --seconds S         wall-clock seconds one call into the plugin may run (default 5; 0: none)
    """

  /// The budgets the options give, defaults for the rest.
  static func limits(_ parsed: ParsedArguments) throws(UsageError) -> LuaLimits {
    var limits = LuaLimits()
    if let megabytes = try parsed.number("--memory") {
      // Up to 2^40 MiB (an exbibyte, far past any machine), so the byte count always fits an Int.
      guard megabytes >= 0, let bytes = Int.checked(megabytes * 1_048_576, rounding: .down, in: 0...(1 << 60))
      else { throw UsageError("--memory: expected a number of MiB from 0 to 1099511627776") }
      limits.memoryBytes = bytes
    }
    if let count = try parsed.integer("--instructions") {
      guard count >= 0 else { throw UsageError("--instructions: expected a count, 0 or more") }
      limits.instructionsPerCall = count
    }
    if let seconds = try parsed.number("--seconds") {
      guard seconds >= 0 else { throw UsageError("--seconds: expected a number of seconds, 0 or more") }
      limits.secondsPerCall = seconds
    }
    return limits
  }
}

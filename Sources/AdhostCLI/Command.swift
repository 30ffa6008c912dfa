/// One `adhost` sub-command: its name, its help text and what it does.
public protocol Command: Sendable {
  /// The word that selects the command (`run`, `vast`, …).
  static var name: String { get }
  /// One line for `adhost --help`.
  static var summary: String { get }
  /// The full `--help` text: usage line, arguments, options (`options.help`), exit codes.
  static var help: String { get }
  /// The options the command takes: its parser accepts these, its `--help` lists them.
  static var options: OptionList { get }
  /// Runs the command with the arguments after its name; returns the process exit code.
  static func run(_ arguments: [String], console: Console) async throws -> Int32
}

/// The process exit codes adhost uses (BSD `sysexits.h` values, documented in `docs/cli.md`).
public enum ExitCode {
  public static let success: Int32 = 0
  /// A failure the command reports as its result (a VAST error, a failed check).
  public static let failure: Int32 = 1
  /// Bad usage or bad input (EX_USAGE).
  public static let usage: Int32 = 64
  /// A plugin failed to load or register (EX_DATAERR).
  public static let pluginFailed: Int32 = 65
  /// A fatal player error (EX_SOFTWARE).
  public static let fatal: Int32 = 70
  /// `display`: the display engine could not start (no Xvfb, no `adhost-webview`) (EX_UNAVAILABLE).
  public static let unavailable: Int32 = 69
  /// Output the user asked for could not be saved: a `--record` recording, `run --report`'s page,
  /// `test --junit`'s or `test --report`'s report (EX_IOERR).
  public static let outputNotSaved: Int32 = 74

  /// Every code, with the words `adhost --help` gives it: each the start of its row in
  /// docs/cli.md's table, which says more (`ExitCodeDocsTests` holds them to it).
  static let summaries: [(code: Int32, meaning: String)] = [
    (success, "success"),
    (failure, "the command's own result is a failure"),
    (usage, "bad usage or bad input"),
    (pluginFailed, "a plugin failed to load or register"),
    (unavailable, "the display engine could not start"),
    (fatal, "a fatal player error"),
    (outputNotSaved, "output not saved"),
  ]
}

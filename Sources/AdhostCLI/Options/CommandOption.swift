/// One option of the command line, declared once: the parser (`ArgumentSpec`), the `--help`
/// listing (`OptionList.help`) and the error messages that name it all derive from it.
///
/// A command takes an option by listing its declaration in its `OptionList`; the code that
/// reads the value asks `ParsedArguments` by the same declaration (`parsed.value(Self.until)`).
public struct CommandOption: Sendable, Hashable {
  /// Every spelling, short ones first (`-j`, `--jobs`).
  public let names: [String]
  /// The value's name in `--help` (`SECONDS`); nil for a flag, which takes no value.
  public let valueName: String?
  /// The `--help` text, one entry per printed line (wrapped by hand to the page's width).
  public private(set) var help: [String]

  /// An option spelled `names` (at least one), taking a value named `value` unless nil; `help`
  /// is its `--help` text, lines separated by newlines.
  public init(_ names: String..., value: String? = nil, help: String) {
    precondition(!names.isEmpty, "an option needs a name")
    self.names = names
    valueName = value
    self.help = Self.lines(help)
  }

  private static func lines(_ text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  /// The spelling that names the option in messages and keys its values: the last (longest).
  public var name: String { names.last ?? "" }

  /// Whether the option takes a value (`--x V` or `--x=V`).
  public var takesValue: Bool { valueName != nil }

  /// The same option with another `--help` text, for a command that describes it its own way.
  public func helping(_ help: String) -> CommandOption {
    var copy = self
    copy.help = Self.lines(help)
    return copy
  }

  /// The same option with one more line of `--help` text.
  public func addingHelpLine(_ line: String) -> CommandOption {
    helping((help + [line]).joined(separator: "\n"))
  }

  /// A usage error about this option: its name, a colon, then `text`.
  public func error(_ text: String) -> UsageError { UsageError("\(name): \(text)") }

  /// `-h`, `--help`, which every command takes.
  public static let help = CommandOption("-h", "--help", help: "show this help")
}

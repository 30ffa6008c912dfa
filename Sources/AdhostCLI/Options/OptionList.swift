/// The options one command takes, in the order its `--help` lists them: the command's parser
/// and the `Options:` part of its `--help` both come from this one list.
public struct OptionList: Sendable {
  /// The options, in `--help` order.
  public let options: [CommandOption]
  /// The column where the help texts start (a name and value longer than it leaves room for go
  /// on a line of their own, the text below them).
  public let column: Int

  /// The list of `options`, their help texts starting at `column`.
  public init(_ options: [CommandOption], column: Int = 22) {
    self.options = options
    self.column = column
  }

  /// What the parser accepts: every spelling of every option, `-h` and `--help` too.
  public var spec: ArgumentSpec { ArgumentSpec(options) }

  /// The `--help` lines of the options, two spaces in, without a final newline.
  public var help: String {
    options.flatMap(lines).joined(separator: "\n")
  }

  private func lines(_ option: CommandOption) -> [String] {
    let label = "  " + option.names.joined(separator: ", ") + (option.valueName.map { " " + $0 } ?? "")
    let indent = String(repeating: " ", count: column)
    guard let first = option.help.first else { return [label] }
    let rest = option.help.dropFirst().map { $0.isEmpty ? "" : indent + $0 }
    guard label.count < column else { return [label] + option.help.map { indent + $0 } }
    return [label + String(repeating: " ", count: column - label.count) + first] + rest
  }
}

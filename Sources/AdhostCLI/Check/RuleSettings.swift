import Foundation
import HTTPKit
import VASTRules

/// The rule settings `adhost check`, `adhost run --strict` and `adhost test` share: a
/// `--config FILE` of the catalogue's rules (docs/check.md) and a `--fail-on` severity.
enum RuleSettings {
  /// `--config FILE`, as each command's help words it.
  static func configOption(help: String) -> CommandOption {
    CommandOption("--config", value: "FILE", help: help)
  }

  /// `--fail-on LEVEL`.
  static let failOn = CommandOption(
    "--fail-on", value: "LEVEL",
    help: "exit 1 on a finding of this severity or worse: error (default), warning, info")

  /// The severity `--fail-on` names; error without it.
  static func threshold(_ parsed: ParsedArguments) throws(UsageError) -> Severity {
    guard let text = parsed.value(failOn) else { return .error }
    guard let severity = Severity(rawValue: text) else {
      throw failOn.error("expected error, warning or info")
    }
    return severity
  }

  /// The configuration file `option` names (the catalogue's defaults without it); errors name
  /// the file and the JSON path.
  static func configuration(_ parsed: ParsedArguments, _ option: CommandOption) throws -> CheckConfig {
    guard let path = parsed.value(option) else { return CheckConfig() }
    let data: Data
    do {
      data = try LocalFile.read(path, maxBytes: 1 << 20)
    } catch {
      throw option.error("\(path): \(error)")
    }
    do {
      return try CheckConfig(json: String(decoding: data, as: UTF8.self))
    } catch {
      throw option.error("\(path): \(error)")
    }
  }
}

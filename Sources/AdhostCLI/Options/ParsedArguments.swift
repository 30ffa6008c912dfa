/// A command line that does not fit the command's usage; printed with a hint to `--help`.
public struct UsageError: Error, CustomStringConvertible {
  public let description: String
  public init(_ description: String) { self.description = description }
}

/// What a command's parser accepts, derived from its `OptionList`: each spelling of each
/// option, mapped to the option it spells.
public struct ArgumentSpec: Sendable {
  /// The option of each spelling (`-j` and `--jobs` both give `--jobs`).
  let spellings: [String: CommandOption]

  /// Accepts `options` and `-h`, `--help`.
  public init(_ options: [CommandOption]) {
    var spellings: [String: CommandOption] = [:]
    for option in options + [.help] {
      for name in option.names {
        precondition(spellings[name].map { $0.names == option.names } ?? true, "\(name) declared twice")
        spellings[name] = option
      }
    }
    self.spellings = spellings
  }
}

/// A command line split into positional arguments, flags and option values; values are asked
/// for by the option's declaration.
public struct ParsedArguments {
  public var positionals: [String] = []
  /// The flags given, by `CommandOption.name`.
  private var flags: Set<String> = []
  /// Every value given for each option, in order, by `CommandOption.name`.
  private var values: [String: [String]] = [:]

  /// True when the flag was given.
  public func has(_ flag: CommandOption) -> Bool { flags.contains(flag.name) }
  /// The last value given for an option.
  public func value(_ option: CommandOption) -> String? { values[option.name]?.last }
  /// Every value given for an option, in order (a repeatable option's).
  public func values(_ option: CommandOption) -> [String] { values[option.name] ?? [] }

  /// The last value of an option read as a number, or a usage error naming the option.
  public func number(_ option: CommandOption) throws(UsageError) -> Double? {
    guard let text = value(option) else { return nil }
    guard let number = Double(text), number.isFinite else {
      throw UsageError("\(option.name): expected a number, got '\(text)'")
    }
    return number
  }

  /// The last value of an option read as a whole number, or a usage error naming the option.
  public func integer(_ option: CommandOption) throws(UsageError) -> Int? {
    guard let text = value(option) else { return nil }
    guard let number = Int(text) else {
      throw UsageError("\(option.name): expected a whole number, got '\(text)'")
    }
    return number
  }

  /// Only what was given of `options` (for a part of the command that reads those alone).
  public func keeping(_ options: [CommandOption]) -> ParsedArguments {
    let names = Set(options.map(\.name))
    var kept = ParsedArguments()
    kept.flags = flags.intersection(names)
    kept.values = values.filter { names.contains($0.key) }
    return kept
  }

  private init() {}

  /// Splits `arguments` by `spec`; `--` ends the options.
  public init(_ arguments: [String], spec: ArgumentSpec) throws(UsageError) {
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if argument == "--" {
        positionals += arguments[index...]
        break
      }
      guard argument.hasPrefix("-"), argument != "-" else {
        positionals.append(argument)
        continue
      }
      var name = argument
      var inlineValue: String?
      if let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      guard let option = spec.spellings[name] else {
        let hint = spec.nearest(to: name).map { " (did you mean \($0)?)" } ?? ""
        throw UsageError("unknown option '\(name)'\(hint)")
      }
      if !option.takesValue {
        if inlineValue != nil { throw UsageError("\(name) takes no value") }
        flags.insert(option.name)
      } else if let inlineValue {
        values[option.name, default: []].append(inlineValue)
      } else if index < arguments.count {
        values[option.name, default: []].append(arguments[index])
        index += 1
      } else {
        throw UsageError("\(name) needs a value")
      }
    }
  }

  /// Fails unless the count of positional arguments is within `range`.
  public func expectPositionals(_ range: ClosedRange<Int>, _ what: String) throws(UsageError) {
    guard range.contains(positionals.count) else { throw UsageError("expected \(what)") }
  }
}

/// A command line that does not fit the command's usage; printed with a hint to `--help`.
public struct UsageError: Error, CustomStringConvertible {
  public let description: String
  public init(_ description: String) { self.description = description }
}

/// The options a command accepts: `flags` take no value, `options` take one (`--x V` or `--x=V`).
public struct ArgumentSpec: Sendable {
  public var flags: Set<String>
  public var options: Set<String>
  public init(flags: Set<String> = [], options: Set<String> = []) {
    self.flags = flags.union(["--help", "-h"])
    self.options = options
  }
}

/// A command line split into positional arguments, flags and option values.
public struct ParsedArguments {
  public var positionals: [String] = []
  public var flags: Set<String> = []
  /// Every value given for each option, in order.
  public var options: [String: [String]] = [:]

  /// True when the flag was given.
  public func has(_ flag: String) -> Bool { flags.contains(flag) }
  /// The last value given for an option.
  public func value(_ option: String) -> String? { options[option]?.last }

  /// The last value of an option read as a number, or a usage error naming the option.
  public func number(_ option: String) throws(UsageError) -> Double? {
    guard let text = value(option) else { return nil }
    guard let number = Double(text), number.isFinite else {
      throw UsageError("\(option): expected a number, got '\(text)'")
    }
    return number
  }

  /// The last value of an option read as a whole number, or a usage error naming the option.
  public func integer(_ option: String) throws(UsageError) -> Int? {
    guard let text = value(option) else { return nil }
    guard let number = Int(text) else {
      throw UsageError("\(option): expected a whole number, got '\(text)'")
    }
    return number
  }

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
      if spec.flags.contains(name) {
        if inlineValue != nil { throw UsageError("\(name) takes no value") }
        flags.insert(name)
      } else if spec.options.contains(name) {
        if let inlineValue {
          options[name, default: []].append(inlineValue)
        } else if index < arguments.count {
          options[name, default: []].append(arguments[index])
          index += 1
        } else {
          throw UsageError("\(name) needs a value")
        }
      } else {
        throw UsageError("unknown option '\(name)'")
      }
    }
  }

  /// Fails unless the count of positional arguments is within `range`.
  public func expectPositionals(_ range: ClosedRange<Int>, _ what: String) throws(UsageError) {
    guard range.contains(positionals.count) else { throw UsageError("expected \(what)") }
  }
}

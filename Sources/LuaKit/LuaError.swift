/// A failure in Lua code, or Lua code refused: what went wrong, where, and the traceback.
public struct LuaError: Error, CustomStringConvertible, Sendable {
  /// What kind of failure this is.
  public enum Kind: String, Sendable {
    /// The chunk does not compile (or is a binary chunk).
    case syntax
    /// A file could not be read.
    case file
    /// An error raised while running (by `error`, a failed operation, or a Swift function).
    case runtime
    /// The state's memory budget was exhausted.
    case memoryBudget
    /// The call ran more instructions than its budget allows.
    case instructionBudget
    /// The call ran longer than its wall-clock budget allows.
    case timeBudget
    /// The calls of the state together ran longer than the run's budget allows
    /// (`LuaLimits.secondsPerRun`).
    case runTimeBudget
    /// The error handler itself failed (for example on a stack overflow of the handler).
    case errorHandler
  }

  /// What kind of failure this is.
  public var kind: Kind
  /// The message, starting with `chunk:line:` when Lua knew where.
  public var message: String
  /// The chunk (usually the plugin's file) the message points at, when known.
  public var chunk: String?
  /// The line in `chunk`, when known.
  public var line: Int?
  /// Lua's traceback at the point of failure, when one was taken.
  public var traceback: String?

  /// An error of `kind` with `message`; chunk and line are read from a `chunk:line:` prefix.
  public init(_ kind: Kind, _ message: String, traceback: String? = nil) {
    self.kind = kind
    self.message = message
    self.traceback = traceback
    (chunk, line) = Self.location(in: message)
  }

  public var description: String {
    guard let traceback, !traceback.isEmpty else { return message }
    return message + "\n" + traceback
  }

  /// Splits `name:12: text` into the chunk name and line.
  static func location(in message: String) -> (String?, Int?) {
    var search = message[...]
    while let colon = search.firstIndex(of: ":") {
      let afterColon = search[search.index(after: colon)...]
      let digits = afterColon.prefix(while: \.isNumber)
      if !digits.isEmpty, afterColon.dropFirst(digits.count).first == ":", let line = Int(digits) {
        return (String(message[..<colon]), line)
      }
      search = afterColon
    }
    return (nil, nil)
  }
}

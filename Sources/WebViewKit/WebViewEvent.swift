import Foundation

/// One thing that happened in a view, in the order it happened: what the engine reported (load
/// phases, console messages, `window.close()`), what the policy decided, and what the loopback
/// proxy answered for the engine's requests.
public struct WebViewEvent: Sendable, Equatable {
  /// The event's type: `loadstart`, `loadfinish`, `loadfail`, `loadtimeout`, `navigation`,
  /// `openedoutside`, `newviewrefused`, `console`, `closerequested`, `request`, `click`,
  /// `screenshot`, `stopped`, `terminated`, `close`.
  public var type: String
  /// Its details, in order (strings, numbers and booleans as text-free values).
  public var fields: [(key: String, value: Value)]

  /// A detail's value.
  public enum Value: Sendable, Equatable {
    case string(String)
    case number(Double)
    case bool(Bool)
  }

  /// An event with details.
  public init(_ type: String, _ fields: [(String, Value)] = []) {
    self.type = type
    self.fields = fields.map { (key: $0.0, value: $0.1) }
  }

  /// The detail named `key`.
  public subscript(key: String) -> Value? { fields.first { $0.key == key }?.value }

  /// The string detail named `key`.
  public func string(_ key: String) -> String? {
    if case .string(let text)? = self[key] { return text }
    return nil
  }

  /// The boolean detail named `key`.
  public func bool(_ key: String) -> Bool? {
    if case .bool(let flag)? = self[key] { return flag }
    return nil
  }

  public static func == (lhs: WebViewEvent, rhs: WebViewEvent) -> Bool {
    lhs.type == rhs.type && lhs.fields.elementsEqual(rhs.fields) { $0.key == $1.key && $0.value == $1.value }
  }
}

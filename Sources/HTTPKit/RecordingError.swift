import Foundation

/// Why a recording folder cannot be used: names the file (and JSON path or exchange) and what was
/// expected.
public struct RecordingError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The message, starting with the file it is about.
  public let description: String

  init(_ description: String) { self.description = description }

  /// An error about `index.json` in `folder`, at `path` (a JSON path such as `exchanges[0].status`).
  static func index(_ folder: URL, at path: String = "", _ message: String) -> RecordingError {
    let location = RecordingFolder.indexURL(folder).path + (path.isEmpty ? "" : " " + path)
    return RecordingError("\(location): \(message)")
  }

  /// An error about one exchange's body.
  static func body(_ folder: URL, exchange: Int, _ recorded: RecordedExchange, _ message: String)
    -> RecordingError
  {
    index(folder, at: "exchanges[\(exchange)].body", "\(recorded.key): \(message)")
  }

  /// The decoder's error as a JSON path and what was expected there.
  static func decoding(_ error: DecodingError, data: Data, in folder: URL) -> RecordingError {
    switch error {
    case .typeMismatch(let type, let context):
      return index(folder, at: jsonPath(context.codingPath), "expected \(typeName(type)) (\(found(context)))")
    case .valueNotFound(let type, let context):
      return index(folder, at: jsonPath(context.codingPath), "expected \(typeName(type)), found null")
    case .keyNotFound(let key, let context):
      return index(
        folder, at: jsonPath(context.codingPath + [key]), "missing (every exchange has key, method, url)")
    case .dataCorrupted(let context):
      if context.codingPath.isEmpty { return index(folder, syntaxProblem(data)) }
      return index(folder, at: jsonPath(context.codingPath), context.debugDescription)
    @unknown default:
      return index(folder, "cannot be read: \(error)")
    }
  }

  /// Why the decoder refused `data` as a whole (it does not say: JSONSerialization's parser does).
  private static func syntaxProblem(_ data: Data) -> String {
    if data.starts(with: [0xEF, 0xBB, 0xBF]) {
      return "starts with a byte-order mark; expected UTF-8 JSON without one"
    }
    if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) {
      return "is UTF-16; expected UTF-8 JSON"
    }
    do {
      _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    } catch {
      let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
      return "not valid JSON" + (detail.map { ": \($0)" } ?? "")
    }
    return "not a recording index: a number out of range, or JSON the decoder refuses"
  }

  /// `exchanges[0].status` from a coding path.
  static func jsonPath(_ codingPath: [any CodingKey]) -> String {
    var path = ""
    for key in codingPath {
      if let position = key.intValue {
        path += "[\(position)]"
      } else {
        path += (path.isEmpty ? "" : ".") + key.stringValue
      }
    }
    return path
  }

  private static func typeName(_ type: Any.Type) -> String {
    switch type {
    case is Int.Type: return "an integer"
    case is String.Type: return "a string"
    case is [String].Type: return "an array of strings"
    case is [RecordedExchange].Type, is [Any].Type: return "an array"
    case is [String: String].Type, is [String: Any].Type, is RecordedExchange.Type: return "an object"
    default: return "\(type)"
    }
  }

  /// The decoder's "Expected to decode Int but found a string instead." as "found a string".
  private static func found(_ context: DecodingError.Context) -> String {
    guard let range = context.debugDescription.range(of: "found ") else { return context.debugDescription }
    var rest = context.debugDescription[range.lowerBound...]
    if rest.hasSuffix(" instead.") { rest = rest.dropLast(" instead.".count) }
    return String(rest)
  }
}

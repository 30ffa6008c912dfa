import AdPlayer
import PlayerSeam

/// The variables of a scenario's run: the `NAME=value` lines its `setup` command printed and
/// the environment variables `adhost test --env NAME` names. `${NAME}` in a string of the
/// scenario, source, actions or faults file is replaced by its value; `$${` stays `${`. Any
/// other `${…}` is an error naming the file and the JSON path, so a typo is not sent as it is.
struct ScenarioVariables: Sendable {
  var values: [String: String] = [:]

  /// Every string of `value` (member names as they are) with its variables replaced; `path`
  /// is where `value` is in `file`.
  func substitute(_ value: JSONValue, file: String, path: String) throws(ScenarioError) -> JSONValue {
    switch value {
    case .string(let text):
      guard text.contains("${") else { return value }
      return .string(try substitute(text, file: file, path: path))
    case .array(let elements):
      var result: [JSONValue] = []
      for (index, element) in elements.enumerated() {
        result.append(try substitute(element, file: file, path: "\(path)[\(index)]"))
      }
      return .array(result)
    case .object(let object):
      var members: [(key: String, value: JSONValue)] = []
      for member in object {
        let inner = path.isEmpty ? member.key : "\(path).\(member.key)"
        members.append((member.key, try substitute(member.value, file: file, path: inner)))
      }
      return .object(JSONObject(members))
    default: return value
    }
  }

  /// `text` with each `${NAME}` replaced.
  func substitute(_ text: String, file: String, path: String) throws(ScenarioError) -> String {
    var result = ""
    var rest = Substring(text)
    while let dollar = rest.firstIndex(of: "$") {
      result += rest[..<dollar]
      let after = rest[dollar...]
      if after.hasPrefix("$${") {
        result += "${"
        rest = after.dropFirst(3)
      } else if after.hasPrefix("${") {
        guard let close = after.firstIndex(of: "}") else {
          throw ScenarioError(
            file: file, path: path, expectation: "expected ${NAME} with its closing }, found \(after)")
        }
        let name = String(after[after.index(after.startIndex, offsetBy: 2)..<close])
        guard let value = values[name] else { throw unknown(name, file: file, path: path) }
        result += value
        rest = after[after.index(after: close)...]
      } else {
        result += "$"
        rest = after.dropFirst()
      }
    }
    return result + rest
  }

  /// Whether `text` is a variable's name: letters, digits and `_`, not starting with a digit.
  static func isName(_ text: Substring) -> Bool {
    guard let first = text.first, !first.isNumber else { return false }
    return text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
  }

  private func unknown(_ name: String, file: String, path: String) -> ScenarioError {
    let known = values.keys.sorted().joined(separator: ", ")
    return ScenarioError(
      file: file, path: path,
      expectation:
        "unknown variable ${\(name)} (\(known.isEmpty ? "no variables given" : "known: \(known)"); "
        + "variables come from the setup command's NAME=value lines and adhost test --env NAME; $${ is a literal ${)"
    )
  }
}

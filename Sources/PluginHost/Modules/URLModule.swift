import AdPlayer
import Foundation
import LuaKit

extension PluginHost {
  /// `url.encode(text)` (percent-encodes all but unreserved characters), `url.query(table)`
  /// (`a=1&b=x%20y`, keys sorted so that requests are the same every run) and
  /// `url.resolve(base, reference)` (RFC 3986: `nil, message` when it cannot).
  func urlModule() -> LuaValue {
    module([
      "encode": { call in
        guard let text = call.string(1) else {
          throw ArgumentError("url.encode: expected a string, got \(call.typeName(1))")
        }
        return call.return(.string(Self.percentEncoded(text)))
      },
      "query": { call in
        guard case .dictionary(let fields) = try call.value(1) else {
          throw ArgumentError("url.query: expected a table of names and values, got \(call.typeName(1))")
        }
        var parts: [String] = []
        for key in fields.keys.sorted() {
          let value = fields[key] ?? .nil
          let text: String
          switch value {
          case .string(let string): text = string
          case .integer(let number): text = String(number)
          case .number(let number): text = JSONValue.number(number).jsonText
          case .boolean(let flag): text = String(flag)
          default:
            throw ArgumentError(
              "url.query: the value of \(key) must be a string, number or boolean, got \(value.typeName)")
          }
          parts.append(Self.percentEncoded(key) + "=" + Self.percentEncoded(text))
        }
        return call.return(.string(parts.joined(separator: "&")))
      },
      "resolve": { call in
        guard let base = call.string(1), let reference = call.string(2) else {
          throw ArgumentError(
            "url.resolve: expected a base URL and a reference, got \(call.typeName(1)) and \(call.typeName(2))"
          )
        }
        guard let baseURL = URL(string: base), baseURL.scheme != nil,
          let resolved = URL(string: reference, relativeTo: baseURL)?.absoluteURL
        else {
          return call.return(.nil, .string("cannot resolve \"\(reference)\" against \"\(base)\""))
        }
        return call.return(.string(resolved.absoluteString))
      },
    ])
  }

  /// RFC 3986 percent-encoding of everything but unreserved characters.
  static func percentEncoded(_ text: String) -> String {
    var allowed = CharacterSet.alphanumerics.intersection(
      CharacterSet(charactersIn: Unicode.Scalar(0)...Unicode.Scalar(127)))
    allowed.insert(charactersIn: "-._~")
    return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
  }
}

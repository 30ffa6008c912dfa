import Foundation
import LuaKit
import PlayerSeam

extension PluginHost {
  /// `url.encode(text)` (percent-encodes all but unreserved characters), `url.query(table)`
  /// (`a=1&b=x%20y`, keys sorted so that requests are the same every run) and
  /// `url.resolve(base, reference)` (RFC 3986: `nil, message` when it cannot).
  func urlModule() -> [String: LuaValue] {
    module([
      "encode": { call in
        guard let bytes = try call.value(1).byteValue else {
          throw ArgumentError("url.encode: expected a string, got \(call.typeName(1))")
        }
        return call.return(.string(Self.percentEncoded(bytes)))
      },
      "query": { call in
        guard case .dictionary(let fields) = try call.value(1) else {
          throw ArgumentError("url.query: expected a table of names and values, got \(call.typeName(1))")
        }
        var parts: [String] = []
        for key in fields.keys.sorted() {
          let value = fields[key] ?? .nil
          let text: [UInt8]
          switch value {
          case .string, .bytes: text = value.byteValue ?? []
          case .integer(let number): text = Array(String(number).utf8)
          case .number(let number): text = Array(JSONValue.number(number).jsonText.utf8)
          case .boolean(let flag): text = Array(String(flag).utf8)
          default:
            throw ArgumentError(
              "url.query: the value of \(key) must be a string, number or boolean, got \(value.typeName)")
          }
          parts.append(Self.percentEncoded(Array(key.utf8)) + "=" + Self.percentEncoded(text))
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

  /// RFC 3986 percent-encoding of every byte but the unreserved characters (letters, digits,
  /// `-._~`): bytes exactly as given, UTF-8 or not.
  static func percentEncoded(_ bytes: [UInt8]) -> String {
    let hex = Array("0123456789ABCDEF".utf8)
    var encoded: [UInt8] = []
    encoded.reserveCapacity(bytes.count)
    for byte in bytes {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
        UInt8(ascii: "~"):
        encoded.append(byte)
      default:
        encoded += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
      }
    }
    return String(decoding: encoded, as: UTF8.self)
  }
}

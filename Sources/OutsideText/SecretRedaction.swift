import Foundation

/// The secrets that must not be written out (a run's log and everything made of it, standard
/// error, a recording's files): the values of headers, query and fragment parameters, JSON
/// members (at any depth) and form fields whose name is on the list, and the password of a URL's
/// user info, each replaced by `[REDACTED]`. A name matches whatever its case, its `-` and `_`
/// and its percent-encoding (`X-Api-Key`, `api_key`, `api%5Fkey` and `apiKey` are one name). On
/// replay a recording's redacted names match any value (docs/http.md "Secrets").
public struct SecretRedaction: Sendable, Equatable {
  /// What a redacted value becomes.
  public static let mark = "[REDACTED]"
  /// What a redacted value becomes in a URL a recording keeps (so that it stays a URL).
  public static let urlMark = "%5BREDACTED%5D"

  /// The names redacted by default (docs/testing.md, docs/http.md): credentials and keys.
  public static let defaultNames: Set<String> = [
    "authorization", "proxy-authorization", "cookie", "set-cookie", "api-key", "x-api-key", "x-goog-api-key",
    "access_token", "auth_token", "x-auth-token", "id_token", "refresh_token", "session_token",
    "x-amz-security-token", "token", "client_secret", "secret", "password", "passwd",
  ]

  /// The default names: what the log and standard error redact.
  public static let standard = SecretRedaction()

  /// The names as given, in lower case and sorted: what a recording lists as `redacted`.
  public let names: [String]
  /// The names, normalised (lowercased, without `-` and `_`).
  private let keys: Set<String>
  /// The `shape` of each key: most names are told apart from every key by it, without
  /// normalising them (the log asks of every member of every entry).
  private let shapes: Set<Int>

  /// The default names and `extra` ones.
  public init(extra: Set<String> = []) {
    self.init(exactly: Self.defaultNames.union(extra))
  }

  /// Exactly `names` (a recording's own list).
  public init(exactly names: some Sequence<String>) {
    self.names = Set(names.map { $0.lowercased() }).sorted()
    keys = Set(self.names.map(Self.normalised))
    shapes = Set(keys.map(Self.shape))
  }

  /// Whether a header, parameter, member or field of this name is a secret.
  public func isSecret(_ name: String) -> Bool {
    shapes.contains(Self.shape(name)) && keys.contains(Self.normalised(name))
  }

  /// The first byte (an ASCII letter in lower case) and the length in bytes of a name without
  /// its `-` and `_`: equal for a name and its normalised form when it is ASCII.
  static func shape(_ name: String) -> Int {
    var length = 0
    var first: UInt8 = 0
    for byte in name.utf8 where byte != UInt8(ascii: "-") && byte != UInt8(ascii: "_") {
      if length == 0 { first = (0x41...0x5A).contains(byte) ? byte | 0x20 : byte }
      length += 1
    }
    return Int(truncatingIfNeeded: first) << 32 | length
  }

  /// Whether a query parameter or form field of this name, as sent (percent-encoded, `+` for a
  /// space), is a secret.
  public func isSecretParameter(_ encodedName: some StringProtocol) -> Bool {
    let name = String(encodedName).replacingOccurrences(of: "+", with: " ")
    return isSecret(name.removingPercentEncoding ?? name)
  }

  /// The URL with its secrets (query and fragment parameters, the user info's password)
  /// replaced by `%5BREDACTED%5D`, so that it stays a URL (what a recording keeps).
  public func redacting(_ url: URL) -> URL {
    let text = url.absoluteString
    let redacted = self.text(text, mark: Self.urlMark)
    return redacted == text ? url : URL(string: redacted) ?? url
  }

  /// The headers, secret ones' values redacted, and the secrets of URLs in the others' values.
  public func headers(_ headers: [String: String]) -> [String: String] {
    headers.reduce(into: [:]) { result, header in
      result[header.key] = isSecret(header.key) ? Self.mark : text(header.value)
    }
  }

  /// The URL's text, its secrets redacted (as it is when it has none).
  public func url(_ url: URL) -> String { text(url.absoluteString) }

  /// A body as text, its secrets redacted: a JSON body's secret members (whatever its content
  /// type says, if it parses as JSON), a form body's (`application/x-www-form-urlencoded`)
  /// secret fields; any other text as it is. Nil when the body is not UTF-8 text.
  public func body(_ body: Data, contentType: String?) -> String? {
    guard let text = String(data: body, encoding: .utf8) else { return nil }
    if contentType?.lowercased().contains("x-www-form-urlencoded") == true { return fields(text) }
    guard let first = text.first(where: { !$0.isWhitespace }), first == "{" || first == "[",
      let value = try? JSONValue.parse(text)
    else { return text }
    let redacted = json(value)
    return redacted == value ? text : redacted.jsonText
  }

  /// A JSON value with the values of secret members redacted, at any depth.
  public func json(_ value: JSONValue) -> JSONValue {
    switch value {
    case .object(let object):
      return .object(
        JSONObject(object.members.map { ($0.key, isSecret($0.key) ? .string(Self.mark) : json($0.value)) }))
    case .array(let elements): return .array(elements.map(json))
    default: return value
    }
  }

  /// A query or form body (`a=1&b=2`) with the values of secret fields redacted.
  public func fields(_ text: String) -> String {
    text.split(separator: "&", omittingEmptySubsequences: false).map { field in
      let parts = field.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      return isSecretParameter(parts[0]) ? "\(parts[0])=\(Self.mark)" : String(field)
    }
    .joined(separator: "&")
  }

  static func normalised(_ name: String) -> String {
    String(name.lowercased().filter { $0 != "-" && $0 != "_" })
  }
}

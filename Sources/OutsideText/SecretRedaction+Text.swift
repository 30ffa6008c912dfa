extension SecretRedaction {
  /// `text` with the secrets of the URLs in it replaced by `mark`: the value of a parameter on
  /// the list after `?`, `&`, `#` or `;` (a query, a fragment such as `#access_token=…`, matrix
  /// parameters), and the password of a user info after `://` (`user:PASSWORD@host`). A value
  /// ends at `&`, `#`, `;`, white space, a quote, `<`, `>`, `\` or a control character; `:`, `,`,
  /// `.` and `)` at its end are left to the text around it (`…?token=abc: HTTP 404`). Text with
  /// neither `=` nor `@` is returned at once, as it is.
  public func text(_ text: String, mark: String = Self.mark) -> String {
    guard text.utf8.contains(where: { $0 == Byte.equals || $0 == Byte.at }) else { return text }
    let bytes = Array(text.utf8)
    let marked = Array(mark.utf8)
    var redacted: [UInt8] = []
    var copied = 0
    var index = 0
    while index < bytes.count {
      let secret: Range<Int>?
      if Byte.parameterStarts.contains(bytes[index]) {
        secret = parameterValue(bytes, after: index)
      } else if bytes[index] == Byte.colon, index + 2 < bytes.count, bytes[index + 1] == Byte.slash,
        bytes[index + 2] == Byte.slash
      {
        secret = Self.password(bytes, from: index + 3)
      } else {
        secret = nil
      }
      guard let secret else {
        index += 1
        continue
      }
      redacted += bytes[copied..<secret.lowerBound]
      redacted += marked
      copied = secret.upperBound
      index = secret.upperBound
    }
    guard copied > 0 else { return text }
    redacted += bytes[copied...]
    return String(decoding: redacted, as: UTF8.self)
  }

  /// The members of a log entry (or any JSON object) with the values of members on the list
  /// replaced by `[REDACTED]` at any depth, and the secrets of the URLs in every string
  /// redacted (`text`).
  public func everywhere(_ object: JSONObject) -> JSONObject {
    redacted(object) ?? object
  }

  private func redacted(_ object: JSONObject) -> JSONObject? {
    var members: [(key: String, value: JSONValue)]?
    for (position, member) in object.members.enumerated() {
      let value: JSONValue? =
        isSecret(member.key)
        ? (member.value == .string(Self.mark) ? nil : .string(Self.mark)) : redacted(member.value)
      guard let value else { continue }
      if members == nil { members = object.members }
      members?[position].value = value
    }
    return members.map(JSONObject.init)
  }

  private func redacted(_ value: JSONValue) -> JSONValue? {
    switch value {
    case .string(let string):
      let text = self.text(string)
      return text == string ? nil : .string(text)
    case .object(let object): return redacted(object).map(JSONValue.object)
    case .array(let elements):
      let changed = elements.map(redacted)
      guard changed.contains(where: { $0 != nil }) else { return nil }
      return .array(zip(elements, changed).map { $1 ?? $0 })
    default: return nil
    }
  }

  /// The value of the secret parameter whose name follows the byte at `start`, if it is one.
  private func parameterValue(_ bytes: [UInt8], after start: Int) -> Range<Int>? {
    var equals = start + 1
    while equals < bytes.count, bytes[equals] != Byte.equals {
      if Byte.endsValue(bytes[equals]) || Byte.parameterStarts.contains(bytes[equals]) { return nil }
      equals += 1
    }
    guard equals < bytes.count, equals > start + 1,
      isSecretParameter(String(decoding: bytes[(start + 1)..<equals], as: UTF8.self))
    else { return nil }
    var end = equals + 1
    while end < bytes.count, !Byte.endsValue(bytes[end]) { end += 1 }
    return Self.unmarked(bytes, (equals + 1)..<end)
  }

  /// The password of the user info of the authority starting at `start`, if it has one.
  private static func password(_ bytes: [UInt8], from start: Int) -> Range<Int>? {
    var end = start
    var at: Int?
    var colon: Int?
    while end < bytes.count, !Byte.endsValue(bytes[end]), !Byte.endsAuthority(bytes[end]) {
      if bytes[end] == Byte.at { at = end }
      if bytes[end] == Byte.colon, colon == nil { colon = end }
      end += 1
    }
    guard let at, let colon, colon < at else { return nil }
    return (colon + 1..<at).isEmpty ? nil : colon + 1..<at
  }

  /// The value without the punctuation that ends it, unless it is empty or redacted already.
  private static func unmarked(_ bytes: [UInt8], _ range: Range<Int>) -> Range<Int>? {
    var end = range.upperBound
    while end > range.lowerBound, Byte.trailing.contains(bytes[end - 1]) { end -= 1 }
    let value = bytes[range.lowerBound..<end]
    guard !value.isEmpty, !value.elementsEqual(mark.utf8), !value.elementsEqual(urlMark.utf8) else {
      return nil
    }
    return range.lowerBound..<end
  }
}

/// The bytes the scan of `SecretRedaction.text` looks for.
private enum Byte {
  static let equals = UInt8(ascii: "=")
  static let at = UInt8(ascii: "@")
  static let colon = UInt8(ascii: ":")
  static let slash = UInt8(ascii: "/")
  static let parameterStarts: Set<UInt8> = [
    UInt8(ascii: "?"), UInt8(ascii: "&"), UInt8(ascii: "#"), UInt8(ascii: ";"),
  ]
  static let trailing: Set<UInt8> = [
    colon, UInt8(ascii: ","), UInt8(ascii: "."), UInt8(ascii: ")"),
  ]

  static func endsValue(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "&"), UInt8(ascii: "#"), UInt8(ascii: ";"), UInt8(ascii: "\""), UInt8(ascii: "'"),
      UInt8(ascii: "<"),
      UInt8(ascii: ">"), UInt8(ascii: "\\"), UInt8(ascii: " "), 0..<0x20, 0x7F:
      return true
    default: return false
    }
  }

  static func endsAuthority(_ byte: UInt8) -> Bool {
    byte == slash || byte == UInt8(ascii: "?")
  }
}

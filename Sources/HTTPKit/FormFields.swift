import Foundation

/// The fields of an `application/x-www-form-urlencoded` body, in order: names and values
/// percent-decoded, `+` read as a space.
enum FormFields {
  /// The fields of `text`; a pair without `=` is a field with an empty value.
  static func parse(_ text: String) -> [(name: String, value: String)] {
    text.split(separator: "&").map { pair in
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      return (decode(parts[0]), parts.count > 1 ? decode(parts[1]) : "")
    }
  }

  /// A name or value decoded; text that is not valid percent-encoding stays as written.
  static func decode(_ text: Substring) -> String {
    let spaced = text.replacingOccurrences(of: "+", with: " ")
    return spaced.removingPercentEncoding ?? spaced
  }

  /// Whether `contentType` (a `Content-Type` value) names a form body.
  static func isForm(_ contentType: String?) -> Bool {
    MediaType.essence(contentType) == "application/x-www-form-urlencoded"
  }
}

/// Media types of `Content-Type` values.
enum MediaType {
  /// The type and subtype in lower case, parameters left out: `application/json`.
  static func essence(_ contentType: String?) -> String? {
    guard let contentType else { return nil }
    let essence = contentType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)[0]
    return essence.trimmingCharacters(in: .whitespaces).lowercased()
  }

  /// Whether `contentType` names JSON: `application/json` or any `…+json` type.
  static func isJSON(_ contentType: String?) -> Bool {
    guard let essence = essence(contentType) else { return false }
    return essence == "application/json" || essence == "text/json" || essence.hasSuffix("+json")
  }
}

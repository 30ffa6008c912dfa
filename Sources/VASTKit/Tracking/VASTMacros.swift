import CheckedNumbers
import Foundation

/// The values IAB macros in tracking and error URLs are replaced with. Every value is
/// optional: a macro whose value is unknown becomes `-1`, as are macros adhost does not know.
public struct VASTMacroContext: Sendable, Equatable {
  /// `[ERRORCODE]`.
  public var errorCode: Int?
  /// `[ADPLAYHEAD]` in seconds.
  public var adPlayhead: Double?
  /// `[CONTENTPLAYHEAD]` in seconds.
  public var contentPlayhead: Double?
  /// `[MEDIAPLAYHEAD]` in seconds.
  public var mediaPlayhead: Double?
  /// `[ASSETURI]`: the media file being played.
  public var assetURI: String?
  /// `[ADSERVINGID]`.
  public var adServingId: String?
  /// `[PODSEQUENCE]`.
  public var podSequence: Int?
  /// `[UNIVERSALADID]` (`registry value`).
  public var universalAdId: String?
  /// `[ADTYPE]` (`video`, `audio`, `hybrid`).
  public var adType: String?
  /// `[LIMITADTRACKING]`.
  public var limitAdTracking: Bool?
  /// `[REASON]`: why a verification was not run.
  public var reason: Int?
  /// `[TIMESTAMP]`.
  public var timestamp: Date
  /// `[CACHEBUSTING]`: 8 digits.
  public var cacheBuster: String
  /// More macros by name (without brackets), for callers that know other values.
  public var extra: [String: String]

  /// A context stamped now with a fresh cache buster and nothing else known.
  public init(timestamp: Date = Date(), cacheBuster: String = VASTMacros.randomCacheBuster()) {
    self.timestamp = timestamp
    self.cacheBuster = cacheBuster
    self.extra = [:]
  }
}

/// IAB macro substitution.
public enum VASTMacros {
  /// Eight random digits.
  public static func randomCacheBuster() -> String {
    String(format: "%08d", Int.random(in: 0..<100_000_000))
  }

  /// `2026-01-31T12:34:56.789Z`: ISO 8601, UTC, milliseconds.
  public static func timestamp(_ date: Date) -> String {
    let millis = Int64.checked(date.timeIntervalSince1970 * 1000, rounding: .down) ?? 0
    var seconds = time_t(millis / 1000)
    var parts = tm()
    gmtime_r(&seconds, &parts)
    return String(
      format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
      Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec), Int(millis % 1000))
  }

  /// The raw (not yet percent-encoded) value of one macro; nil when unknown.
  public static func value(of name: String, in context: VASTMacroContext) -> String? {
    switch name {
    case "ERRORCODE": return context.errorCode.map(String.init)
    case "CACHEBUSTING": return context.cacheBuster
    case "TIMESTAMP": return timestamp(context.timestamp)
    case "ADPLAYHEAD": return context.adPlayhead.map(VASTDuration.format)
    case "CONTENTPLAYHEAD": return context.contentPlayhead.map(VASTDuration.format)
    case "MEDIAPLAYHEAD": return context.mediaPlayhead.map(VASTDuration.format)
    case "ASSETURI": return context.assetURI
    case "ADSERVINGID": return context.adServingId
    case "PODSEQUENCE": return context.podSequence.map(String.init)
    case "UNIVERSALADID": return context.universalAdId
    case "ADTYPE": return context.adType
    case "LIMITADTRACKING": return context.limitAdTracking.map { $0 ? "1" : "0" }
    case "REASON": return context.reason.map(String.init)
    default: return context.extra[name]
    }
  }

  /// `url` with every `[NAME]` macro (upper-case letters, digits, `_`) replaced by its
  /// percent-encoded value, or `-1` when the value is unknown.
  public static func expand(_ url: String, _ context: VASTMacroContext) -> String {
    expandNamingUnknown(url, context).url
  }

  /// `url` expanded as `expand` does, and the names of the macros it filled with `-1` (their
  /// values unknown), in order: the beacon log keeps them, and the strict rule
  /// `beacon-macro-filled` compares them with what the run knew.
  public static func expandNamingUnknown(_ url: String, _ context: VASTMacroContext) -> (
    url: String, unknown: [String]
  ) {
    let url = url.contains("%5B") || url.contains("%5b") ? decodingBrackets(url) : url
    guard url.contains("[") else { return (url, []) }
    var unknown: [String] = []
    var result = ""
    var rest = Substring(url)
    while let open = rest.firstIndex(of: "[") {
      result += rest[..<open]
      let afterOpen = rest.index(after: open)
      guard let close = rest[afterOpen...].firstIndex(of: "]") else {
        result += rest[open...]
        return (result, unknown)
      }
      let name = rest[afterOpen..<close]
      let isMacro =
        !name.isEmpty && name.first?.isLetter == true
        && name.allSatisfy { ($0.isASCII && ($0.isUppercase || $0.isNumber)) || $0 == "_" }
      if isMacro {
        if let value = value(of: String(name), in: context) {
          result += percentEncode(value)
        } else {
          result += "-1"
          unknown.append(String(name))
        }
      } else {
        result += rest[open...close]
      }
      rest = rest[rest.index(after: close)...]
    }
    return (result + rest, unknown)
  }

  /// `%5BNAME%5D` (a macro some servers or tools percent-encoded) back to `[NAME]`.
  static func decodingBrackets(_ url: String) -> String {
    var result = ""
    var rest = Substring(url)
    while let open = rest.range(of: "%5B", options: .caseInsensitive) {
      result += rest[..<open.lowerBound]
      if let close = rest[open.upperBound...].range(of: "%5D", options: .caseInsensitive) {
        let name = rest[open.upperBound..<close.lowerBound]
        if !name.isEmpty, name.allSatisfy({ ($0.isASCII && ($0.isUppercase || $0.isNumber)) || $0 == "_" }) {
          result += "[" + name + "]"
          rest = rest[close.upperBound...]
          continue
        }
      }
      result += rest[open]
      rest = rest[open.upperBound...]
    }
    return result + rest
  }

  /// Percent-encodes everything but RFC 3986 unreserved characters.
  public static func percentEncode(_ value: String) -> String {
    var allowed = CharacterSet.alphanumerics.intersection(
      CharacterSet(charactersIn: Unicode.Scalar(0)..<Unicode.Scalar(128)))
    allowed.insert(charactersIn: "-._~")
    return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
  }
}

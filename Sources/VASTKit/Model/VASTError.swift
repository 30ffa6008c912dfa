/// The IAB VAST error codes adhost reports.
public enum VASTErrorCode: Int, Sendable, Codable, CaseIterable {
  /// XML parsing error: not XML, not well-formed, too large, or forbidden constructs.
  case xmlParsing = 100
  /// VAST schema validation error: a required element missing or a value that cannot be read.
  case schemaValidation = 101
  /// VAST version of the response not supported.
  case unsupportedVersion = 102
  /// Timeout of the VAST URI of a Wrapper, or the URI unreachable.
  case wrapperTimeout = 301
  /// Wrapper limit reached, or a wrapper loop.
  case wrapperLimit = 302
  /// No ads in the VAST response after one or more Wrappers (or an empty response).
  case noAdsAfterWrapper = 303
  /// Linear: file not found (unable to find the Linear/MediaFile from the URI).
  case mediaFileNotFound = 401
  /// Linear: timeout of the MediaFile URI.
  case mediaFileTimeout = 402
  /// Linear: no supported MediaFile.
  case noSupportedMediaFile = 403
  /// Linear: problem displaying the MediaFile.
  case mediaFileDisplay = 405
  /// Undefined error.
  case undefined = 900

  /// A short name for the code.
  public var summary: String {
    switch self {
    case .xmlParsing: return "XML parsing error"
    case .schemaValidation: return "VAST schema validation error"
    case .unsupportedVersion: return "VAST version not supported"
    case .wrapperTimeout: return "wrapper timeout or unreachable"
    case .wrapperLimit: return "wrapper limit reached or wrapper loop"
    case .noAdsAfterWrapper: return "no ads after wrappers"
    case .mediaFileNotFound: return "media file not found"
    case .mediaFileTimeout: return "media file timeout"
    case .noSupportedMediaFile: return "no supported media file"
    case .mediaFileDisplay: return "problem displaying the media file"
    case .undefined: return "undefined error"
    }
  }
}

/// A VAST failure: an IAB code and a message saying what and where.
public struct VASTError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The IAB code.
  public var code: VASTErrorCode
  /// What went wrong, naming the URL or line.
  public var message: String

  /// An error with a code and message.
  public init(_ code: VASTErrorCode, _ message: String) {
    self.code = code
    self.message = message
  }

  /// `VAST error <code> (<summary>): <message>`.
  public var description: String { "VAST error \(code.rawValue) (\(code.summary)): \(message)" }
}

/// A problem found in a document that did not stop parsing (an unreadable value, a missing
/// element the spec requires); reported with code 101 as a signal, not a rejection. `adhost vast`
/// prints the rule catalogue's findings (VASTRules) as issues, with their column, rule and
/// severity.
public struct VASTIssue: Sendable, Equatable, Codable, CustomStringConvertible {
  /// The line in the document.
  public var line: Int
  /// What is wrong.
  public var message: String
  /// The column, when known.
  public var column: Int?
  /// The id of the catalogue's rule that found it (`duration-format`), when one did.
  public var rule: String?
  /// The rule's severity (`error`, `warning`, `info`), when a rule found it.
  public var severity: String?

  /// An issue at a line.
  public init(line: Int, message: String) {
    self.line = line
    self.message = message
  }

  /// An issue a rule of the catalogue found.
  public init(line: Int, column: Int, rule: String, severity: String, message: String) {
    self.init(line: line, message: message)
    self.column = column
    self.rule = rule
    self.severity = severity
  }

  /// `line <n>: <message>`, or `line <n>:<column>: <severity> [<rule>] <message>`.
  public var description: String {
    guard let rule, let severity else { return "line \(line): \(message)" }
    return "line \(line)\(column.map { ":\($0)" } ?? ""): \(severity) [\(rule)] \(message)"
  }
}

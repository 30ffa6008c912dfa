/// The error codes of IAB VMAP 1.0.1 (section "Error Codes").
public enum VMAPErrorCode: Int, Sendable, Codable, CaseIterable {
  /// 1000: VMAP schema error (a required element or attribute missing or malformed).
  case schema = 1000
  /// 1001: the VMAP version of the response is not supported.
  case unsupportedVersion = 1001
  /// 1002: VMAP parsing error (not well-formed XML).
  case parsing = 1002
  /// 1003: the AdBreak type is not supported.
  case breakTypeNotSupported = 1003
  /// 1004: general ad response document error.
  case adResponse = 1004
  /// 1005: the ad response template type is not supported.
  case templateTypeNotSupported = 1005
  /// 1006: the ad response document could not be extracted or parsed.
  case adResponseParsing = 1006
  /// 1007: ad response document retrieval timeout.
  case adResponseTimeout = 1007
  /// 1008: ad response document retrieval error (e.g. an HTTP error status).
  case adResponseRetrieval = 1008

  /// A short description.
  public var summary: String {
    switch self {
    case .schema: return "VMAP schema error"
    case .unsupportedVersion: return "VMAP version not supported"
    case .parsing: return "VMAP parsing error"
    case .breakTypeNotSupported: return "AdBreak type not supported"
    case .adResponse: return "ad response document error"
    case .templateTypeNotSupported: return "ad response template type not supported"
    case .adResponseParsing: return "ad response extraction or parsing error"
    case .adResponseTimeout: return "ad response retrieval timeout"
    case .adResponseRetrieval: return "ad response retrieval error"
    }
  }
}

/// A VMAP failure: its code and what went wrong, naming the line.
public struct VMAPError: Error, Sendable, Equatable, Codable, CustomStringConvertible {
  /// The VMAP code.
  public var code: VMAPErrorCode
  /// What went wrong and where.
  public var message: String

  /// An error with a code and message.
  public init(_ code: VMAPErrorCode, _ message: String) {
    self.code = code
    self.message = message
  }

  /// `VMAP error 1002 (VMAP parsing error): line 3: …`.
  public var description: String { "VMAP error \(code.rawValue) (\(code.summary)): \(message)" }
}

/// A parsed VMAP 1.0.1 document: the ad schedule of one piece of content.
public struct VMAPDocument: Sendable, Equatable, Codable {
  /// The `version` attribute of `<vmap:VMAP>`.
  public var version: String
  /// The ad breaks in document order (several at one offset stay in that order).
  public var adBreaks: [VMAPAdBreak] = []
  /// The root `<vmap:Extensions>` as raw XML.
  public var extensionsXML: String?
  /// Problems that did not reject the document.
  public var issues: [VASTIssue] = []

  /// A document of a version.
  public init(version: String) { self.version = version }
}

/// Where an ad break sits on the content timeline (`timeOffset`).
public enum VMAPTimeOffset: Sendable, Equatable, Codable, CustomStringConvertible {
  /// `start`: a pre-roll.
  case start
  /// `end`: a post-roll.
  case end
  /// `HH:MM:SS(.mmm)` from the start of the content.
  case seconds(Double)
  /// `N%` of the content's duration.
  case percent(Double)
  /// `#n`: the n-th (from 1) of the content's own break opportunities (cue points).
  case position(Int)

  /// Reads `start`, `end`, `HH:MM:SS(.mmm)`, `N%` (0–100) or `#n` (n ≥ 1); nil otherwise.
  public init?(parsing text: String) {
    let trimmed = text.trimmingWhitespace()
    switch trimmed {
    case "start": self = .start
    case "end": self = .end
    default:
      if trimmed.hasPrefix("#") {
        guard let position = Int(trimmed.dropFirst()), (1...2_147_483_647).contains(position) else {
          return nil
        }
        self = .position(position)
      } else if trimmed.hasSuffix("%") {
        guard case .percent(let value) = VASTOffset(parsing: trimmed) else { return nil }
        self = .percent(value)
      } else {
        guard let seconds = VASTDuration.seconds(trimmed) else { return nil }
        self = .seconds(seconds)
      }
    }
  }

  /// The offset in seconds for content of `duration` (nil when unknown): `end` is the
  /// duration, a percentage a share of it; a position has no time of its own.
  public func seconds(duration: Double?) -> Double? {
    switch self {
    case .start: return 0
    case .end: return duration
    case .seconds(let value): return value
    case .percent(let value): return duration.map { $0 * value / 100 }
    case .position: return nil
    }
  }

  /// Decodes the VMAP text form, or a number of seconds (see `encode(to:)`).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let seconds = try? container.decode(Double.self) {
      self = .seconds(seconds)
      return
    }
    let text = try container.decode(String.self)
    guard let offset = VMAPTimeOffset(parsing: text) else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "bad timeOffset '\(text)'"))
    }
    self = offset
  }

  /// Encodes the VMAP text form; a time finer than the millisecond `HH:MM:SS.mmm` can hold is
  /// written as its number of seconds, so that nothing is lost.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    if case .seconds(let value) = self, VMAPTimeOffset(parsing: description) != self {
      try container.encode(value)
    } else {
      try container.encode(description)
    }
  }

  /// As written in VMAP (`start`, `00:10:00.000`, `50%`, `#2`).
  public var description: String {
    switch self {
    case .start: return "start"
    case .end: return "end"
    case .seconds(let value): return VASTDuration.format(value)
    case .percent(let value): return VASTOffset.percent(value).description
    case .position(let value): return "#\(value)"
    }
  }
}

/// One `<vmap:AdBreak>`.
public struct VMAPAdBreak: Sendable, Equatable, Codable {
  /// `timeOffset`; nil when missing or unreadable (then `error` says why).
  public var timeOffset: VMAPTimeOffset?
  /// `breakType`: `linear`, `nonlinear`, `display` (a comma list allows several).
  public var breakTypes: [String] = []
  /// `breakId`.
  public var breakId: String?
  /// `repeatAfter` in seconds: the break repeats this long after each play (live content).
  public var repeatAfter: Double?
  /// The ads, if the break has a source.
  public var adSource: VMAPAdSource?
  /// `<vmap:Tracking>` URLs by event (`breakStart`, `breakEnd`, `error`).
  public var trackingEvents: [VMAPTracking] = []
  /// The break's `<vmap:Extensions>` as raw XML.
  public var extensionsXML: String?
  /// The line of the `<vmap:AdBreak>` start tag.
  public var line: Int
  /// Why this break cannot play (the rest of the schedule still does); its `error` tracking
  /// URLs are for this code.
  public var error: VMAPError?

  /// A break starting at `line`.
  public init(line: Int) { self.line = line }

  /// The tracking URLs of one event.
  public func trackingURLs(_ event: String) -> [String] {
    trackingEvents.filter { $0.event == event }.map(\.url)
  }
}

/// A `<vmap:Tracking>` URL and its event.
public struct VMAPTracking: Sendable, Equatable, Codable {
  /// `breakStart`, `breakEnd` or `error`.
  public var event: String
  /// The URL (`[ERRORCODE]` filled for `error`).
  public var url: String
}

/// One `<vmap:AdSource>`.
public struct VMAPAdSource: Sendable, Equatable, Codable {
  /// `id`.
  public var id: String?
  /// `allowMultipleAds`: whether the break may play several ads (a pod or buffet).
  public var allowMultipleAds: Bool?
  /// `followRedirects`: whether VAST wrappers in the response are followed.
  public var followRedirects: Bool?
  /// What the source holds.
  public var content: Content?

  /// The ad data of a source.
  public enum Content: Sendable, Equatable, Codable {
    /// `<vmap:VASTAdData>`: an inline VAST document, parsed.
    case vastAdData(vast: VASTDocument)
    /// `<vmap:AdTagURI>`: a URL to load, with its `templateType` (`vast3`, `vast4`, …).
    case adTagURI(url: String, templateType: String?)
    /// `<vmap:CustomAdData>`: raw XML of another format, with its `templateType`.
    case customAdData(xml: String, templateType: String?)
  }

  /// An empty source.
  public init() {}
}

import OutsideText

/// When a client-side ad plays, as `AdDescription.timeOffset` allows: `"start"`, `"end"`,
/// seconds (a number or `"HH:MM:SS(.mmm)"`), or a percentage of the content (`"N%"`).
public enum AdTimeOffset: Equatable, Sendable {
  /// Before the content (a pre-roll).
  case start
  /// After the content (a post-roll).
  case end
  /// At a content position in seconds.
  case seconds(Double)
  /// At a percentage (0…100) of the content's duration.
  case percentage(Double)

  /// Parses the JSON form; `path` names the value in errors.
  public init(json: JSONValue, path: String) throws(ModelDecodingError) {
    let expectation = "expected \"start\", \"end\", seconds, \"HH:MM:SS(.mmm)\" or \"N%\""
    if let number = json.numberValue {
      guard number >= 0 else { throw ModelDecodingError(path: path, expectation: expectation) }
      self = .seconds(number)
      return
    }
    guard let text = json.stringValue else { throw ModelDecodingError(path: path, expectation: expectation) }
    if text == "start" {
      self = .start
    } else if text == "end" {
      self = .end
    } else if text.hasSuffix("%"), let number = Double(text.dropLast()), number >= 0, number <= 100 {
      self = .percentage(number)
    } else if let seconds = Self.clockSeconds(text) {
      self = .seconds(seconds)
    } else {
      throw ModelDecodingError(path: path, expectation: expectation)
    }
  }

  /// `HH:MM:SS` or `HH:MM:SS.mmm` as seconds; `nil` if it is not that form.
  package static func clockSeconds(_ text: String) -> Double? {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 3, let hours = Int(parts[0]), let minutes = Int(parts[1]),
      (0...1_000_000).contains(hours), (0..<60).contains(minutes), parts[2].first?.isNumber == true,
      let seconds = Double(parts[2]), seconds >= 0, seconds < 60
    else { return nil }
    return Double(hours * 3600 + minutes * 60) + seconds
  }

  /// The offset in seconds for content of the given duration (`nil` for live); `end` and
  /// percentages are unknown without a duration.
  public func seconds(contentDuration: Double?) -> Double? {
    switch self {
    case .start: return 0
    case .seconds(let seconds): return seconds
    case .end: return contentDuration
    case .percentage(let percent): return contentDuration.map { $0 * percent / 100 }
    }
  }

  /// The JSON form: the word, the number of seconds, or `"N%"`.
  public var json: JSONValue {
    switch self {
    case .start: return .string("start")
    case .end: return .string("end")
    case .seconds(let seconds): return .number(seconds)
    case .percentage(let percent):
      var text = ""
      JSONWriter.writeNumber(percent, to: &text)
      return .string(text + "%")
    }
  }
}

/// The attributes of `<vmap:AdBreak>` and `<vmap:AdSource>`.
extension VMAPBuilder {
  /// Opens a break (`adBreak`) from the attributes of its start tag; a missing or unreadable
  /// `timeOffset` or `breakType` fails the break alone (1000, or 1003 for an unknown type). The
  /// break is filled in place: building it apart and assigning it copied every field.
  mutating func startBreak() {
    adBreak = VMAPAdBreak(line: line)
    adBreak?.breakId = attributes.value(.breakId)
    if let text = attributes.value(.timeOffset) {
      let offset = VMAPTimeOffset(parsing: text)
      adBreak?.timeOffset = offset
      if offset == nil {
        failBreak(.schema, "AdBreak timeOffset '\(text)' is not start, end, HH:MM:SS(.mmm), N% or #n")
      }
    } else {
      failBreak(.schema, "AdBreak has no timeOffset (expected start, end, HH:MM:SS(.mmm), N% or #n)")
    }
    if let text = attributes.value(.breakType) {
      // One type as written, the common case, needs no splitting.
      let types =
        Self.isBreakType(text)
        ? [text] : text.split(separator: ",").map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty }
      adBreak?.breakTypes = types
      if types.isEmpty || !types.allSatisfy(Self.isBreakType) {
        failBreak(.breakTypeNotSupported, "AdBreak breakType '\(text)' is not linear, nonlinear or display")
      }
    } else {
      failBreak(.schema, "AdBreak has no breakType (expected linear, nonlinear or display)")
    }
    if let text = attributes.value(.repeatAfter) {
      if let seconds = VASTDuration.seconds(text), seconds > 0 {
        adBreak?.repeatAfter = seconds
      } else {
        note("AdBreak repeatAfter '\(text)' is not a time HH:MM:SS(.mmm) above 0")
      }
    }
  }

  static func isBreakType(_ text: String) -> Bool {
    text == "linear" || text == "nonlinear" || text == "display"
  }

  mutating func bool(_ key: VMAPName) -> Bool? {
    let value: String
    switch attributes.plainBool(key) {
    case .absent: return nil
    case .value(let plain): return plain
    case .other: value = attributes.value(key) ?? ""
    }
    switch value.trimmingWhitespace().lowercased() {
    case "true", "1": return true
    case "false", "0": return false
    default:
      note("AdSource \(key.rawValue) '\(value)' is not true or false")
      return nil
    }
  }
}

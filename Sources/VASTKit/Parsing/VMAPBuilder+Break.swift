/// The attributes of `<vmap:AdBreak>` and `<vmap:AdSource>`.
extension VMAPBuilder {
  /// Opens a break (`adBreak`) from the attributes of its start tag; a missing or unreadable
  /// `timeOffset` or `breakType` fails the break alone (1000, or 1003 for an unknown type). The
  /// break is filled in place: building it apart and assigning it copied every field.
  mutating func startBreak() {
    adBreak = VMAPAdBreak(line: line)
    adBreak?.breakId = attributes.value(.breakId)
    if let offset = attributes.withValue(.timeOffset, Self.plainTimeOffset) ?? nil {
      adBreak?.timeOffset = offset
    } else if let text = attributes.value(.timeOffset) {
      let offset = VMAPTimeOffset(parsing: text)
      adBreak?.timeOffset = offset
      if offset == nil {
        failBreak(.schema, "AdBreak timeOffset '\(text)' is not start, end, HH:MM:SS(.mmm), N% or #n")
      }
    } else {
      failBreak(.schema, "AdBreak has no timeOffset (expected start, end, HH:MM:SS(.mmm), N% or #n)")
    }
    if let types = attributes.withValue(.breakType, Self.plainBreakTypes) ?? nil {
      adBreak?.breakTypes = types
    } else if let text = attributes.value(.breakType) {
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
    switch attributes.withValue(.repeatAfter, VASTDuration.seconds(bytes:)) {
    case .none: break
    case .some(.some(let seconds)) where seconds > 0: adBreak?.repeatAfter = seconds
    default:
      let text = attributes.value(.repeatAfter) ?? ""
      note("AdBreak repeatAfter '\(text)' is not a time HH:MM:SS(.mmm) above 0")
    }
  }

  /// `timeOffset` read from its bytes when written plainly (`start`, `end`, `HH:MM:SS(.mmm)`, a
  /// whole percentage), as `VMAPTimeOffset(parsing:)` reads it; nil for anything else, which is
  /// read from text. The common offsets make no `String`.
  static func plainTimeOffset(_ bytes: UnsafeBufferPointer<UInt8>) -> VMAPTimeOffset? {
    if KnownValues.equals(bytes, "start") { return .start }
    if KnownValues.equals(bytes, "end") { return .end }
    if bytes.last == UInt8(ascii: "%") {
      guard bytes.count >= 2 && bytes.count <= 4 else { return nil }
      var value = 0
      for byte in bytes.dropLast() {
        guard byte >= 0x30 && byte <= 0x39 else { return nil }
        value = value * 10 + Int(truncatingIfNeeded: byte &- 0x30)
      }
      return value <= 100 ? .percent(Double(value)) : nil
    }
    return VASTDuration.seconds(bytes: bytes).map { .seconds($0) }
  }

  /// The break types of `breakType` when written plainly (known types joined by commas, no
  /// spaces), as literals; nil for anything else, which is split as text.
  static func plainBreakTypes(_ bytes: UnsafeBufferPointer<UInt8>) -> [String]? {
    var types: [String] = []
    types.reserveCapacity(bytes.count(where: { $0 == UInt8(ascii: ",") }) + 1)
    var start = 0
    for index in 0...bytes.count where index == bytes.count || bytes[index] == UInt8(ascii: ",") {
      guard let type = KnownValues.breakType(UnsafeBufferPointer(rebasing: bytes[start..<index])) else {
        return nil
      }
      types.append(type)
      start = index + 1
    }
    return types
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

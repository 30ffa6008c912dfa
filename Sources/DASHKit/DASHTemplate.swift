/// A `SegmentTemplate@media` or `@initialization` with its identifiers filled in (ISO/IEC
/// 23009-1 §5.3.9.4.4): `$RepresentationID$`, `$Number$`, `$Time$`, `$Bandwidth$`, each number
/// with an optional width format `%0Nd` (`$Number%05d$`), and `$$` for a `$`.
enum DASHTemplate {
  /// The values an expansion may use; one that is nil is an error when the template names it.
  struct Values {
    var representationID: String?
    var bandwidth: UInt64?
    var number: UInt64?
    var time: UInt64?
  }

  /// `template` with its identifiers replaced, or a message saying what is wrong with it.
  static func expand(_ template: String, _ values: Values) -> Result<String, TemplateError> {
    var output = ""
    var rest = Substring(template)
    while let dollar = rest.firstIndex(of: "$") {
      output += rest[..<dollar]
      let after = rest.index(after: dollar)
      guard let close = rest[after...].firstIndex(of: "$") else {
        return .failure(TemplateError("a $ without its closing $ in \"\(template)\""))
      }
      let identifier = rest[after..<close]
      rest = rest[rest.index(after: close)...]
      if identifier.isEmpty {
        output += "$"
        continue
      }
      switch fill(identifier, values) {
      case .success(let text): output += text
      case .failure(let error): return .failure(TemplateError("\(error.message) in \"\(template)\""))
      }
    }
    return .success(output + rest)
  }

  private static func fill(_ identifier: Substring, _ values: Values) -> Result<String, TemplateError> {
    let parts = identifier.split(separator: "%", maxSplits: 1, omittingEmptySubsequences: false)
    let name = String(parts[0])
    let format = parts.count > 1 ? parts[1] : nil
    let number: UInt64?
    switch name {
    case "RepresentationID":
      guard format == nil else { return .failure(TemplateError("$RepresentationID$ takes no format")) }
      guard let id = values.representationID else {
        return .failure(TemplateError("$RepresentationID$ with a Representation that has no id"))
      }
      return .success(id)
    case "Number": number = values.number
    case "Time": number = values.time
    case "Bandwidth":
      guard let bandwidth = values.bandwidth else {
        return .failure(TemplateError("$Bandwidth$ with a Representation that has no bandwidth"))
      }
      number = bandwidth
    default:
      return .failure(
        TemplateError("$\(identifier)$ is not one of $RepresentationID$, $Number$, $Time$, $Bandwidth$"))
    }
    guard let number else {
      return .failure(TemplateError("$\(name)$ cannot be used here (no value for it)"))
    }
    let digits = String(number)
    guard let format else { return .success(digits) }
    // The width format is %0[width]d; the width is at most what a 64-bit number needs and more.
    guard format.hasPrefix("0"), format.hasSuffix("d"), format.count >= 3,
      let width = DecimalText.unsigned(String(format.dropFirst().dropLast())), width <= 64
    else { return .failure(TemplateError("$\(identifier)$: expected a width format such as %05d")) }
    return .success(
      String(repeating: "0", count: max(0, Int(truncatingIfNeeded: width) - digits.count)) + digits)
  }
}

/// Why a segment template cannot be expanded.
struct TemplateError: Error {
  let message: String
  init(_ message: String) { self.message = message }
}

/// A variant's attribute list as the reader keeps it: an ASCII list's text, one `String`, whose
/// attributes are made when they are asked for; or the attributes themselves (a list read over
/// Characters, or attributes set by a caller). A `String` per name and value, each kept by the
/// model, was half of reading a multivariant playlist (docs/history/benchmarks-journal.md).
struct HLSKeptAttributes: Equatable, Sendable {
  private enum Form: Equatable, Sendable {
    /// A list `HLSAttributeList.parse(_:)` reads from its bytes (it did when it was kept).
    case asciiList(String)
    case attributes([HLSAttribute])
  }

  private let form: Form

  /// The attributes themselves.
  init(_ attributes: [HLSAttribute]) { form = .attributes(attributes) }

  /// The text of an ASCII list that `HLSAttributeList.parse(_:)` reads.
  init(asciiList list: HLSBytes) { form = .asciiList(HLSAttributeList.asciiText(list)) }

  /// The attributes in order, made from the list's text when it is kept as text.
  var attributes: [HLSAttribute] {
    switch form {
    case .attributes(let attributes): return attributes
    case .asciiList(var text):
      // The same bytes read again: they were read without fault when kept, so they are now.
      return text.withUTF8 { HLSAttributeList.parse(HLSBytes(UnsafeRawBufferPointer($0))) } ?? []
    }
  }

  /// Whether both give the same attributes, however each is kept.
  static func == (lhs: Self, rhs: Self) -> Bool {
    if case .asciiList(let left) = lhs.form, case .asciiList(let right) = rhs.form, left == right {
      return true
    }
    return lhs.attributes == rhs.attributes
  }
}

/// An `#EXT-X-STREAM-INF`'s attribute list, read for a variant: what it keeps, and its first
/// `BANDWIDTH` and `RESOLUTION`, which the variant has as properties of their own.
struct HLSStreamInf {
  let attributes: HLSKeptAttributes
  /// `Int` of the first `BANDWIDTH`'s value; nil without one, or when it is no whole number.
  let bandwidth: Int?
  let resolution: String?

  /// The list read over Characters (or from bytes, by the general reader).
  init(_ attributes: [HLSAttribute]) {
    self.attributes = HLSKeptAttributes(attributes)
    bandwidth = attributes.value("BANDWIDTH").flatMap { Int($0) }
    resolution = attributes.value("RESOLUTION")
  }

  /// An ASCII list read from its bytes, as `init(_:)` reads `HLSAttributeList.parse(list)`,
  /// without a `String` per attribute; nil when the bytes reader leaves the list to the general
  /// one.
  init?(asciiList list: HLSBytes) {
    var bandwidth: HLSBytes?
    var resolution: HLSBytes?
    let read = HLSAttributeList.forEach(list) { name, value in
      if bandwidth == nil, name.equals("BANDWIDTH") {
        bandwidth = value
      } else if resolution == nil, name.equals("RESOLUTION") {
        resolution = value
      }
    }
    guard read else { return nil }
    attributes = HLSKeptAttributes(asciiList: list)
    self.bandwidth = bandwidth.flatMap { HLSNumbers.integer($0) }
    self.resolution = resolution.map { HLSAttributeList.asciiText($0) }
  }
}

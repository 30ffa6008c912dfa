/// The attribute names past 15 bytes, each one `String` made once: a name read from a line's
/// bytes that is one of them is that `String` (a literal, never freed), not a new allocation per
/// attribute. Shorter names are small `String`s, held inline.
enum HLSAttributeName {
  /// The text of a name's ASCII bytes.
  static func text(_ name: HLSBytes) -> String {
    switch name.count {
    case 16:
      if name.equals("PLANNED-DURATION") { return "PLANNED-DURATION" }
      if name.equals("X-TIMELINE-STYLE") { return "X-TIMELINE-STYLE" }
      if name.equals("REQ-VIDEO-LAYOUT") { return "REQ-VIDEO-LAYOUT" }
    case 17:
      if name.equals("AVERAGE-BANDWIDTH") { return "AVERAGE-BANDWIDTH" }
      if name.equals("STABLE-VARIANT-ID") { return "STABLE-VARIANT-ID" }
      if name.equals("KEYFORMATVERSIONS") { return "KEYFORMATVERSIONS" }
    case 18: if name.equals("X-CONTENT-MAY-VARY") { return "X-CONTENT-MAY-VARY" }
    case 19:
      if name.equals("X-TIMELINE-OCCUPIES") { return "X-TIMELINE-OCCUPIES" }
      if name.equals("STABLE-RENDITION-ID") { return "STABLE-RENDITION-ID" }
      if name.equals("SUPPLEMENTAL-CODECS") { return "SUPPLEMENTAL-CODECS" }
    default: break
    }
    return HLSAttributeList.asciiText(name)
  }
}

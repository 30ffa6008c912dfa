/// The URL repairs: a URL written as escaped text is wrapped in CDATA, and white space inside a
/// URL is taken out as the WHATWG URL parser does (tabs and line breaks removed, spaces
/// percent-encoded as %20).
enum URLFix {
  private static let cdataOpen = Array("<![CDATA[".utf8)
  private static let cdataClose = Array("]]>".utf8)

  static func fix(_ scope: DocumentScope, _ edits: inout ByteEdits) {
    for (node, url) in URLRules.urls(scope) {
      // The text is rewritten as UTF-8; a document in another encoding keeps its non-ASCII URLs.
      guard url.allSatisfy(\.isASCII), !url.contains("]]>"), let content = content(of: node, in: edits.bytes)
      else { continue }
      let cleaned = clean(url)
      var done: [String] = []
      if !node.hasCDATA { done.append("wrapped in CDATA") }
      if cleaned != url { done.append("white space taken out (\(whitespaceSummary(url)))") }
      guard !done.isEmpty else { continue }
      let rule = cleaned != url ? "url-space" : "url-not-cdata"
      edits.replace(
        content, with: "<![CDATA[" + cleaned + "]]>", rule: rule, at: node.position,
        "<\(node.name)> URL " + done.joined(separator: "; "))
    }
  }

  /// The URL with tabs and line breaks removed and spaces as %20.
  static func clean(_ url: String) -> String {
    var result = ""
    for character in url {
      switch character {
      case "\t", "\n", "\r", "\r\n": continue
      case " ": result += "%20"
      default: result.append(character)
      }
    }
    return result
  }

  private static func whitespaceSummary(_ url: String) -> String {
    let spaces = url.filter { $0 == " " }.count
    let breaks = url.filter { $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }.count
    return [spaces > 0 ? "\(spaces) as %20" : nil, breaks > 0 ? "\(breaks) tab or line break removed" : nil]
      .compactMap { $0 }.joined(separator: ", ")
  }

  /// The bytes between an element's start and end tags that hold its URL (white space around it
  /// kept): escaped text, or one CDATA section. Nil when anything else is there (a comment, two
  /// sections, an empty element), which is then left as written.
  private static func content(of node: CheckNode, in bytes: [UInt8]) -> Range<Int>? {
    guard let tagEnd = TagScan.tagEnd(bytes, from: node.offset), tagEnd > 0,
      bytes[tagEnd - 1] != UInt8(ascii: "/")
    else { return nil }
    var start = tagEnd + 1
    while start < bytes.count, isSpace(bytes[start]) { start += 1 }
    if node.hasCDATA {
      guard let close = find(cdataClose, in: bytes, from: start + cdataOpen.count) else { return nil }
      var after = close + cdataClose.count
      while after < bytes.count, isSpace(bytes[after]) { after += 1 }
      guard isEndTag(bytes, at: after) else { return nil }
      return start..<(close + cdataClose.count)
    }
    var end = start
    while end < bytes.count, bytes[end] != UInt8(ascii: "<") { end += 1 }
    guard isEndTag(bytes, at: end) else { return nil }
    while end > start, isSpace(bytes[end - 1]) { end -= 1 }
    return start..<end
  }

  private static func isEndTag(_ bytes: [UInt8], at index: Int) -> Bool {
    index + 1 < bytes.count && bytes[index] == UInt8(ascii: "<") && bytes[index + 1] == UInt8(ascii: "/")
  }

  private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
    guard start <= bytes.count - needle.count else { return nil }
    for index in start...(bytes.count - needle.count)
    where bytes[index..<(index + needle.count)].elementsEqual(needle) {
      return index
    }
    return nil
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }
}

/// The version attribute's repairs: written as major.minor (`4.2.0` and ` 4.2 ` become `4.2`),
/// or, when missing, the lowest version whose schema defines every element and attribute the
/// document uses (at least 4.0 in VAST 4's namespace): what its content already claims.
enum VersionFix {
  static func fix(_ root: CheckNode, _ edits: inout ByteEdits) {
    if let attribute = root.attributeNamed("version") {
      guard let version = VASTVersion(attribute.value), version.major >= 2,
        attribute.value != version.description, let range = valueRange(of: "version", in: root, edits.bytes)
      else { return }
      edits.replace(
        range, with: version.description, rule: "vast-version-format",
        at: root.position(ofAttribute: "version"),
        "version '\(attribute.value)' written as \(version)")
      return
    }
    guard let nameEnd = nameEnd(of: root, in: edits.bytes) else { return }
    let (version, reason) = requiredVersion(root)
    edits.replace(
      nameEnd..<nameEnd, with: " version=\"\(version)\"", rule: "vast-version-missing", at: root.position,
      "version=\"\(version)\" added: \(reason)")
  }

  /// The lowest schema version that defines every element and attribute used, and why.
  static func requiredVersion(_ root: CheckNode) -> (VASTVersion, String) {
    let scope = DocumentScope(root: root, target: nil)
    var column = 0
    var because = "no element or attribute needs a later one"
    func need(_ allowed: SchemaShape.Allowance?, _ what: String) {
      guard let lowest = allowed?.versions.min(), lowest > column else { return }
      column = lowest
      because = "\(what) is VAST \(SchemaShape.versionNames[lowest]) on"
    }
    for (node, parent) in StructureRules.checkedChildren(scope) {
      need(SchemaShape.of(parent)?.children[node.name], "<\(node.name)>")
    }
    for node in StructureRules.checkedElements(scope) {
      guard let shape = SchemaShape.of(node) else { continue }
      for attribute in node.attributes {
        need(shape.attributes[attribute.name], "'\(attribute.name)' on <\(node.name)>")
      }
    }
    if root.namespace == VASTNames.namespace, column < 2 {
      column = 2
      because = "the VAST 4 namespace"
    }
    let version = VASTVersion(SchemaShape.versionNames[column]) ?? .latest
    return (version, "the lowest version defining what the document uses (\(because))")
  }

  /// The byte range of attribute `name`'s value (inside its quotes) in `node`'s start tag.
  private static func valueRange(of name: String, in node: CheckNode, _ bytes: [UInt8]) -> Range<Int>? {
    guard var index = TagScan.attributeOffset(name, in: bytes, tagStart: node.offset) else { return nil }
    index += name.utf8.count
    while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "'") {
      index += 1
    }
    guard index < bytes.count else { return nil }
    let quote = bytes[index]
    let start = index + 1
    var end = start
    while end < bytes.count, bytes[end] != quote { end += 1 }
    return end < bytes.count ? start..<end : nil
  }

  /// The offset just after the element's name in its start tag (`<VAST|`).
  private static func nameEnd(of node: CheckNode, in bytes: [UInt8]) -> Int? {
    var index = node.offset + 1
    while index < bytes.count,
      ![0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ">"), UInt8(ascii: "/")].contains(bytes[index])
    {
      index += 1
    }
    return index < bytes.count ? index : nil
  }
}

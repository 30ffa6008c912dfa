/// The attributes of the open element: a few, so a list searched in order beats hashing.
struct AttributeList {
  var pairs: [(name: String, value: String)] = []

  subscript(name: String) -> String? {
    for pair in pairs where pair.name == name { return pair.value }
    return nil
  }

  mutating func removeAll(keepingCapacity: Bool) { pairs.removeAll(keepingCapacity: keepingCapacity) }
}

extension String {
  /// The text as an attribute value in double quotes (`&`, `"` and `<` escaped).
  var escapedForAttribute: String {
    guard utf8.contains(where: { $0 == 0x26 || $0 == 0x22 || $0 == 0x3C }) else { return self }
    var result = ""
    for character in self {
      switch character {
      case "&": result += "&amp;"
      case "\"": result += "&quot;"
      case "<": result += "&lt;"
      default: result.append(character)
      }
    }
    return result
  }
}

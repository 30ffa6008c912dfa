import Foundation

/// Finds the first object member named twice in a JSON text. `JSONDecoder` keeps one of the two
/// silently, so a recording whose `index.json` says `"status"` twice would replay either answer.
enum JSONDuplicateMembers {
  /// The second occurrence of a repeated member: its JSON path (`exchanges[0].status`) and name.
  struct Duplicate: Equatable {
    let path: String
    let name: String
  }

  /// One open container: an object's names so far, or an array's next position.
  private enum Container {
    case object(path: String, names: Set<String>, pending: String?)
    case array(path: String, position: Int)
  }

  /// The first repeated member in `data`, which must be JSON the decoder accepted.
  static func first(in data: Data) -> Duplicate? {
    let bytes = [UInt8](data)
    var stack: [Container] = []
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        let path = valuePath(&stack)
        stack.append(
          byte == UInt8(ascii: "{")
            ? .object(path: path, names: [], pending: nil) : .array(path: path, position: 0))
        index += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        _ = stack.popLast()
        index += 1
      case UInt8(ascii: "\""):
        let end = stringEnd(bytes, from: index)
        if case .object(let path, var names, nil)? = stack.last, isMemberName(bytes, after: end) {
          let name = decode(bytes[index..<end])
          let memberPath = path.isEmpty ? name : path + "." + name
          if !names.insert(name).inserted { return Duplicate(path: memberPath, name: name) }
          stack[stack.count - 1] = .object(path: path, names: names, pending: memberPath)
        } else {
          _ = valuePath(&stack)
        }
        index = end
      case UInt8(ascii: ","), UInt8(ascii: ":"), 0x20, 0x09, 0x0A, 0x0D:
        index += 1
      default:
        // A number, true, false or null: one value.
        _ = valuePath(&stack)
        while index < bytes.count, !isDelimiter(bytes[index]) { index += 1 }
      }
    }
    return nil
  }

  /// The path of the value starting now, and the container advanced past it.
  private static func valuePath(_ stack: inout [Container]) -> String {
    switch stack.last {
    case .object(let path, let names, let pending)?:
      stack[stack.count - 1] = .object(path: path, names: names, pending: nil)
      return pending ?? path
    case .array(let path, let position)?:
      stack[stack.count - 1] = .array(path: path, position: position + 1)
      return path + "[\(position)]"
    case nil:
      return ""
    }
  }

  /// The index just past the string starting at `start` (its opening quote).
  private static func stringEnd(_ bytes: [UInt8], from start: Int) -> Int {
    var index = start + 1
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "\\") {
        index += 2
      } else if bytes[index] == UInt8(ascii: "\"") {
        return index + 1
      } else {
        index += 1
      }
    }
    return bytes.count
  }

  /// True when the next significant byte is `:` (the string is a member's name).
  private static func isMemberName(_ bytes: [UInt8], after end: Int) -> Bool {
    var index = end
    while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    return index < bytes.count && bytes[index] == UInt8(ascii: ":")
  }

  private static func isDelimiter(_ byte: UInt8) -> Bool {
    [UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D].contains(byte)
  }

  /// A string token's text, escapes undone (`"\u0073tatus"` is `status`).
  private static func decode(_ token: ArraySlice<UInt8>) -> String {
    let inner = token.dropFirst().dropLast()
    guard inner.contains(UInt8(ascii: "\\")) else { return String(decoding: inner, as: UTF8.self) }
    let text = try? JSONSerialization.jsonObject(with: Data(token), options: .fragmentsAllowed)
    return (text as? String) ?? String(decoding: inner, as: UTF8.self)
  }
}

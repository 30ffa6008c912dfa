import AdPlayer
import Foundation
import PlayerSeam

/// One scripted user action of `adhost display --actions`.
enum DisplayAction: Sendable, Equatable {
  case click(x: Double, y: Double)
  case screenshot(path: String)
  /// The native close button.
  case close

  /// Reads an actions file: a JSON array of `{"do": "click"|"screenshot"|"close", …}`.
  static func load(_ path: String) throws -> [DisplayAction] {
    guard case .array(let items) = try DisplayFiles.json(path) else {
      throw UsageError("\(path): expected an array of actions")
    }
    return try items.enumerated().map { index, item in
      let where_ = "\(path): [\(index)]"
      guard case .object(let members) = item, case .string(let name)? = members["do"] else {
        throw UsageError("\(where_): expected an object with \"do\": \"click\", \"screenshot\" or \"close\"")
      }
      switch name {
      case "click":
        guard case .number(let x)? = members["x"], case .number(let y)? = members["y"], x.isFinite, y.isFinite
        else {
          throw UsageError("\(where_): a click needs \"x\" and \"y\" (numbers, in the view's pixels)")
        }
        return .click(x: x, y: y)
      case "screenshot":
        guard case .string(let file)? = members["path"], !file.isEmpty else {
          throw UsageError("\(where_): a screenshot needs \"path\" (a PNG file)")
        }
        return .screenshot(path: file)
      case "close": return .close
      default:
        throw UsageError("\(where_).do: expected \"click\", \"screenshot\" or \"close\", got \"\(name)\"")
      }
    }
  }
}

/// Reads the JSON files of `adhost display`.
enum DisplayFiles {
  static func json(_ path: String) throws -> JSONValue {
    let text = try SourceFile.read(path, "file")
    do {
      return try JSONValue.parse(text, refusingRepeatedMembers: true)
    } catch {
      throw UsageError("\(path): \(error)")
    }
  }
}

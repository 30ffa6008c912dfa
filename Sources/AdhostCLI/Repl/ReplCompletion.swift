import LuaKit

extension ReplSession {
  /// Completions of the word being typed: `:commands`, globals of the sandbox, and fields and
  /// methods after `.` or `:` (resolved with raw reads and property getters: no Lua runs).
  func completions(for text: String) -> [String] {
    if text.hasPrefix(":") {
      return Self.commands.map { ":" + $0.name }.filter { $0.hasPrefix(text) }
    }
    guard let separator = text.lastIndex(where: { $0 == "." || $0 == ":" }) else {
      return environment.keys().filter { $0.hasPrefix(text) }
    }
    let base = String(text[..<separator])
    let partial = String(text[text.index(after: separator)...])
    let path = base.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    guard path.allSatisfy(Self.isIdentifier), let first = path.first else { return [] }
    var value: LuaValue? = environment.field(first)
    for name in path.dropFirst() {
      value = member(name, of: value)
    }
    let prefix = base + String(text[separator])
    return members(of: value).filter { $0.hasPrefix(partial) }.map { prefix + $0 }
  }

  private func member(_ name: String, of value: LuaValue?) -> LuaValue? {
    switch value {
    case .tableReference(let table)?: return table.field(name)
    case .object(let object)?: return host.pluginHost.lua.property(name, of: object)
    case .dictionary(let fields)?: return fields[name]
    default: return nil
    }
  }

  private func members(of value: LuaValue?) -> [String] {
    switch value {
    case .tableReference(let table)?: return table.keys()
    case .object(let object)?: return host.pluginHost.lua.memberNames(of: object)
    case .dictionary(let fields)?: return fields.keys.sorted()
    default: return []
    }
  }

  private static func isIdentifier(_ word: String) -> Bool {
    guard let first = word.first, first.isLetter || first == "_" else { return false }
    return word.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
  }
}

import Foundation
import HTTPKit
import HTTPTestSupport
import HeadlessHost
import LuaKit
import TestFiles
import Testing

@testable import PluginHost

/// Every member the host binds into Lua is annotated in `types/adhost.lua` (docs/plugin-api.md):
/// the fields and methods of each userdata type, and the functions and fields of each global the
/// plugin API adds to a sandbox. A member bound without its annotation fails here, by name.
@Suite struct LuaTypesSyncTests {
  /// Userdata types whose annotation class is not `adhost.<name>`.
  static let classOfType = ["Timer": "adhost.TimerHandle", "VASTAd": "adhost.VastAd"]

  @Test func everyBoundMemberIsAnnotated() async throws {
    let annotations = try LuaAnnotations(
      String(contentsOf: repositoryRoot.appendingPathComponent("types/adhost.lua"), encoding: .utf8))
    let bound = try await Self.boundMembers()
    #expect(bound.types.keys.contains("Player") && bound.types.keys.contains("Ads"), "\(bound.types.keys)")
    #expect(
      bound.globals.keys.contains("http") && bound.globals.keys.contains("player"), "\(bound.globals.keys)")
    var missing: [String] = []
    for (type, members) in bound.types where !members.isEmpty {
      let className = Self.classOfType[type] ?? "adhost." + type
      guard let declared = annotations.members[className] else {
        missing.append("userdata \(type): no ---@class \(className)")
        continue
      }
      missing += members.filter { !declared.contains($0) }.map { "\(className).\($0) (userdata \(type))" }
    }
    for (global, members) in bound.globals {
      guard let className = annotations.classOfGlobal[global], let declared = annotations.members[className]
      else {
        missing.append("global \(global): no annotated `\(global) = {}`")
        continue
      }
      missing += members.filter { !declared.contains($0) }.map { "\(global).\($0) (\(className))" }
    }
    #expect(missing.isEmpty, "bound but not in types/adhost.lua: \(missing.sorted().joined(separator: ", "))")
  }

  @Test func theReaderFindsFieldsMethodsAndGlobals() throws {
    let annotations = LuaAnnotations(
      """
      ---@class adhost.Thing
      ---@field size number
      local Thing = {}
      ---@param x number
      function Thing:grow(x) end

      ---@class adhost.things
      ---@field null userdata
      things = {}
      function things.make() end
      ---@type adhost.Thing
      thing = {}
      """)
    #expect(annotations.members["adhost.Thing"] == ["size", "grow"])
    #expect(annotations.members["adhost.things"] == ["null", "make"])
    #expect(annotations.classOfGlobal == ["things": "adhost.things", "thing": "adhost.Thing"])
  }

  /// What a host binds: each registered userdata type's members, and each global of the plugin
  /// API (those a plugin's sandbox has beyond a bare sandbox's) with its members.
  static func boundMembers() async throws -> (types: [String: [String]], globals: [String: [String]]) {
    try await onOwnThread {
      let host = try HeadlessHost(options: PluginHostOptions(http: HTTPClient(timeout: 2)))
      let pluginHost = host.pluginHost
      let bare = try pluginHost.lua.makeSandbox(
        modules: PluginHost.moduleSearchPath(pluginFolder: nil, libraries: []))
      let environment = try pluginHost.scriptEnvironment(folder: nil)
      var globals: [String: [String]] = [:]
      for name in Set(environment.keys()).subtracting(bare.keys()) {
        switch environment.field(name) {
        case .tableReference(let table): globals[name] = table.keys()
        case .object(let object): globals[name] = pluginHost.lua.memberNames(of: object)
        default: globals[name] = []
        }
      }
      return (pluginHost.lua.registeredTypeMembers, globals)
    }
  }
}

/// What `types/adhost.lua` annotates: each class's fields and functions, and which class each
/// global (or file-local table) is.
struct LuaAnnotations {
  /// Member names by class name, in the order written.
  private(set) var members: [String: [String]] = [:]
  /// Globals (`name = {}` after `---@class` or `---@type`) by name: their class.
  private(set) var classOfGlobal: [String: String] = [:]

  init(_ text: String) {
    var current: String?
    var classOfTable: [String: String] = [:]
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      let words = line.split(separator: " ").map(String.init)
      if let declared = Self.word(after: "---@class", in: words) {
        let name = String(declared.split(separator: ":")[0])
        current = name
        if members[name] == nil { members[name] = [] }
      } else if let type = Self.word(after: "---@type", in: words) {
        current = type
      } else if let field = Self.word(after: "---@field", in: words), let current {
        members[current, default: []].append(field.hasSuffix("?") ? String(field.dropLast()) : field)
      } else if line.hasSuffix(" = {}"), let current {
        let isLocal = line.hasPrefix("local ")
        let name = String(line.dropFirst(isLocal ? 6 : 0).dropLast(5))
        classOfTable[name] = current
        if !isLocal { classOfGlobal[name] = current }
      } else if line.hasPrefix("function "), let open = line.firstIndex(of: "(") {
        let path = line.dropFirst(9)[..<open]
        guard let separator = path.firstIndex(where: { $0 == "." || $0 == ":" }),
          let owner = classOfTable[String(path[..<separator])]
        else { continue }
        members[owner, default: []].append(String(path[path.index(after: separator)...]))
      }
    }
  }

  private static func word(after tag: String, in words: [String]) -> String? {
    words.count >= 2 && words[0] == tag ? words[1] : nil
  }
}

import Foundation
import HTTPKit
import TestFiles
import Testing

/// `http.get`'s and `http.post`'s `opts.kind` takes every `RequestKind` (HTTPModule checks a name
/// against `RequestKind.allCases`): the lists a plugin's author reads say the same, by name —
/// docs/plugin-api.md's sentence, types/adhost.lua's `adhost.HttpOptions.kind` and the `kind`
/// row of docs/faults.md's rule table.
@Suite struct RequestKindListTests {
  static let hostKinds = Set(RequestKind.allCases.map(\.rawValue))

  static func text(_ path: String) throws -> String {
    try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
  }

  @Test func pluginAPIListsEveryKind() throws {
    let text = try Self.text("docs/plugin-api.md")
    let sentence = try #require(
      Self.span(of: text, from: "`opts.kind` (", to: ")."), "no `opts.kind` (…) sentence")
    #expect(Self.backticked(sentence) == Self.hostKinds, "docs/plugin-api.md: \(sentence)")
  }

  @Test func typesListEveryKind() throws {
    let text = try Self.text("types/adhost.lua")
    let options = try #require(Self.span(of: text, from: "---@class adhost.HttpOptions", to: "---@class "))
    let line = try #require(options.split(separator: "\n").first { $0.hasPrefix("---@field kind? ") })
    let words = line.dropFirst("---@field kind? ".count).prefix { $0 != " " }
    let kinds = Set(
      words.split(separator: "|").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) })
    #expect(kinds == Self.hostKinds, "types/adhost.lua: \(line)")
  }

  @Test func faultPlansListEveryKind() throws {
    let text = try Self.text("docs/faults.md")
    let row = try #require(text.split(separator: "\n").first { $0.hasPrefix("| `kind` |") })
    // The row's other code (`VASTAdTagURI`, `--check-media`, `http.get(…)`) is no kind's name.
    let named = Self.backticked(String(row)).filter { $0 != "kind" && Self.isKindName($0) }
    #expect(named == Self.hostKinds, "docs/faults.md: \(row)")
  }

  @Test func theReaderFindsBacktickedNames() {
    #expect(Self.backticked("a `b`, `c-d` and `e`") == ["b", "c-d", "e"])
    #expect(Self.span(of: "x `opts.kind` (`a`). y", from: "`opts.kind` (", to: ").") == "(`a`")
  }

  /// The text after the first `start` (its last character kept) up to the next `end`.
  static func span(of text: String, from start: String, to end: String) -> String? {
    guard let opening = text.range(of: start) else { return nil }
    let rest = text[text.index(before: opening.upperBound)...]
    guard let closing = rest.range(of: end) else { return String(rest) }
    return String(rest[..<closing.lowerBound])
  }

  /// Lower-case words joined by `-`, as every kind's name is.
  static func isKindName(_ word: String) -> Bool {
    word.first?.isLowercase == true && word.allSatisfy { $0 == "-" || ($0.isLetter && $0.isLowercase) }
  }

  /// The names written between backticks.
  static func backticked(_ text: String) -> Set<String> {
    let parts = text.split(separator: "`", omittingEmptySubsequences: false)
    return Set(stride(from: 1, to: parts.count, by: 2).map { String(parts[$0]) })
  }
}

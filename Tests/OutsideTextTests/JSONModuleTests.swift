import OutsideText
import Testing

/// The JSON module: repeated members refused on request with the path of the second occurrence,
/// the path-tracking reader, and the bridge the WebKit helper's lines use.
@Suite struct JSONModuleTests {
  func repeated(_ text: String) -> String? {
    do {
      _ = try JSONValue.parse(text, refusingRepeatedMembers: true)
      return nil
    } catch {
      return error.path.map { "\($0): \(error.message)" } ?? "syntax: \(error)"
    }
  }

  @Test func aRepeatedMemberIsRefusedOnlyWhenAsked() throws {
    let text = #"{"a": 1, "a": 2}"#
    #expect(try JSONValue.parse(text) == .object(JSONObject([("a", .number(2))])))
    #expect(repeated(text) == #"a: "a" appears a second time in the same object; expected each name once"#)
  }

  @Test(arguments: [
    (#"{"s": [{"x": 1}, {"y": {"z": 1, "z": 2}}]}"#, "s[1].y.z"),
    (#"[[{"k": 1, "k": 1}]]"#, "[0][0].k"),
    (#"{"s\u0072c": 1, "src": 2}"#, "src"),
  ])
  func theErrorNamesThePathOfTheSecondOccurrence(text: String, path: String) {
    #expect(repeated(text)?.hasPrefix(path + ": ") == true, "\(repeated(text) ?? "nil")")
  }

  @Test func theSameNameInTwoObjectsIsNoRepeat() {
    #expect(repeated(#"[{"a": 1}, {"a": 2}, {"b": {"a": 3}}]"#) == nil)
  }

  @Test func theReaderNamesPathsAndRefusesUnknownMembers() throws {
    let value = try JSONValue.parse(#"{"n": "x", "count": 2.5, "other": 1}"#)
    let reader = try JSONReader(value, path: "rules[0]")
    #expect(throws: JSONPathError(path: "rules[0].n", expectation: "expected a number, found a string")) {
      try reader.number("n")
    }
    #expect(throws: JSONPathError.self) { try reader.integer("count", from: 1, to: 9) }
    #expect(
      throws: JSONPathError(path: "rules[0].other", expectation: "unknown member (known: count, n)")
    ) { try reader.refuseUnknownMembers(except: ["n", "count"]) }
  }

  @Test func swiftValuesBridgeBothWays() throws {
    let command: [String: Any] = ["cmd": "click", "x": 10.5, "y": 3, "ok": true, "list": ["a", 1]]
    let json = try #require(JSONValue(any: command))
    #expect(json.jsonText == #"{"cmd":"click","list":["a",1],"ok":true,"x":10.5,"y":3}"#)
    let back = try #require(try JSONValue.parse(json.jsonText).anyValue as? [String: Any])
    #expect(back["y"] as? Int == 3)
    #expect(back["x"] as? Double == 10.5)
    #expect(back["ok"] as? Bool == true)
    #expect(JSONValue(any: ["bad": Double.nan]) == nil)
  }
}

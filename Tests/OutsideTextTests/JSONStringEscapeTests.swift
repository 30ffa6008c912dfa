import OutsideText
import Testing

/// A string written as JSON: quotes, backslashes and control characters escaped, everything else
/// (non-ASCII included) kept as it is, however long the runs between escapes.
@Suite struct JSONStringEscapeTests {
  @Test func escapesOnlyWhatJSONNeedsAndKeepsTheRest() throws {
    let text = "a\"b\\c\nd\re\tf\u{1}g héllo — ✓ 日本 🎬\u{1f}"
    #expect(JSONValue.string(text).jsonText == #""a\"b\\c\nd\re\tf\u0001g héllo — ✓ 日本 🎬\u001f""#)
    #expect(try JSONValue.parse(JSONValue.string(text).jsonText) == .string(text))
  }

  @Test func aLongRunIsWrittenWhole() {
    let long = String(repeating: "ab", count: 1 << 20)
    #expect(JSONValue.string(long + "\"").jsonText == "\"" + long + "\\\"\"")
  }
}

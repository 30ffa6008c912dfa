import Testing

/// json.encode refuses keys JSON cannot hold exactly, with an error naming the path.
@Suite struct JSONKeyTests {
  func encodeError(_ table: String) async throws -> String {
    let run = try await runSetSource(
      """
      local ok, message = pcall(json.encode, \(table))
            error(ok and ("encoded " .. message) or message, 0)
      """)
    return run.errors
  }

  @Test func aKeyThatIsNotUTF8IsRefusedNotRepaired() async throws {
    let errors = try await encodeError(#"{list = {{["\xff"] = 1}}}"#)
    #expect(
      errors.contains(#"value.list[1]: the key ["\xFF"] is not UTF-8 text, which JSON needs"#), "\(errors)")
  }

  @Test func anIntegerAndAStringKeyThatWouldCollideAreRefused() async throws {
    let errors = try await encodeError(#"{[1] = "a", ["1"] = "b"}"#)
    #expect(errors.contains(#"value: the keys ["1"] and [1] would both be the JSON key "1""#), "\(errors)")
  }

  @Test func mixedKeysThatDoNotCollideAreEncodedInKeyOrder() async throws {
    let errors = try await encodeError(#"{[2] = "b", x = true, [1] = "a"}"#)
    #expect(errors.contains(#"encoded {"1":"a","2":"b","x":true}"#), "\(errors)")
  }
}

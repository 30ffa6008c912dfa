import LuaKit
import Testing

/// The sandbox's `os.time`, `os.date` and `os.clock` read the embedder's `LuaClock` and work in
/// UTC; `os.difftime` is Lua's.
@Suite struct SandboxClockTests {
  /// Runs `code` in a sandbox of a state whose clock reads `now` and `elapsed`.
  func run(_ code: String, now: Double = 1_767_225_600.75, elapsed: Double = 12.5) throws -> [LuaValue] {
    let lua = try LuaState()
    lua.clock = LuaClock(now: { now }, elapsed: { elapsed })
    let environment = try lua.makeSandbox()
    return try lua.call(try lua.load(code, chunkName: "=clock", environment: environment))
  }

  @Test func timeDateAndClockReadTheEmbeddersClock() throws {
    let values = try run(
      """
      return os.time(), os.clock(), os.date("!%Y-%m-%d %H:%M:%S"), os.date("%Y-%m-%d %H:%M:%S"),
        math.type(os.time())
      """)
    #expect(
      values == [
        .integer(1_767_225_600), .number(12.5), .string("2026-01-01 00:00:00"),
        .string("2026-01-01 00:00:00"),
        .string("integer"),
      ])
  }

  @Test func anExplicitTimeIsFormattedAsGivenAndInUTC() throws {
    let values = try run(
      #"return os.date("%H:%M", 3600 * 5 + 60 * 30), os.date("*t", 0).hour, os.date("*t").isdst"#)
    #expect(values == [.string("05:30"), .integer(0), .boolean(false)])
  }

  @Test func aDateTableIsReadInUTCAndNormalised() throws {
    let values = try run(
      """
      local t = { year = 2026, month = 1, day = 32, hour = 0 }
      local time = os.time(t)
      return time, t.month, t.day, t.yday, t.wday, t.isdst, os.time(os.date("*t")) == os.time(),
        os.time({ year = 2026, month = 1, day = 1 })
      """)
    #expect(
      values == [
        .integer(1_769_904_000), .integer(2), .integer(1), .integer(32), .integer(1), .boolean(false),
        .boolean(true), .integer(1_767_268_800),
      ])
  }

  @Test(arguments: [
    ("os.time({})", "field 'year' missing in date table"),
    ("os.time({ year = 2026, month = 1.5, day = 1 })", "field 'month' is not an integer"),
    ("os.time(5)", "bad argument #1 to 'time' (table expected, got number)"),
    ("os.date('%Y', 1.5)", "bad argument #2 to 'date' (number has no integer representation)"),
  ])
  func badArgumentsAreErrorsNamingTheFunctionOrField(code: String, expected: String) throws {
    #expect {
      _ = try run(code)
    } throws: { error in
      "\(error)".contains(expected)
    }
  }

  @Test func difftimeIsLuas() throws {
    #expect(try run("return os.difftime(40, 10)") == [.number(30)])
  }
}

import CLua
import LuaKit
import Testing

/// LuaKit's string.find, match, gmatch and gsub: Lua's pattern semantics exactly (checked against
/// Lua's own functions, results and error messages alike), with matching charged to the budget.
@Suite struct PatternTests {
  /// Calls every pattern function on `(s, p)` in several ways and writes down what each returned
  /// or the error it raised.
  static let harness = """
    local s, p = ...
    local out = {}
    local function add(ok, ...)
      local parts = { tostring(ok) }
      for i = 1, select('#', ...) do
        local v = select(i, ...)
        parts[#parts + 1] = type(v) .. ':' .. tostring(v)
      end
      out[#out + 1] = table.concat(parts, ',')
    end
    local function all(init)
      local r = {}
      for a, b in string.gmatch(s, p, init) do r[#r + 1] = tostring(a) .. '/' .. tostring(b) end
      return table.concat(r, ';')
    end
    add(pcall(string.find, s, p))
    add(pcall(string.find, s, p, 3))
    add(pcall(string.find, s, p, -2))
    add(pcall(string.find, s, p, 1, true))
    add(pcall(string.match, s, p))
    add(pcall(string.match, s, p, 2))
    add(pcall(all))
    add(pcall(all, -3))
    add(pcall(string.gsub, s, p, '<%0>'))
    add(pcall(string.gsub, s, p, '[%1|%%]'))
    add(pcall(string.gsub, s, p, function(a, b) return a ~= '' and (a .. tostring(b)) end, 2))
    add(pcall(string.gsub, s, p, { a = 'A', ['1'] = 1, b = false }))
    add(pcall(string.gsub, s, p, '%x'))
    add(pcall(string.gsub, s, p))
    return table.concat(out, '\\n')
    """

  static let subjects = [
    "", "a", "aaa", "abc", "a(b)c", "key=value, k2=v2", "  trim me  ", "[x]]", "hello world 123",
    "a\0b", "Ä-Ö", "x=1&y=22", "(())", "aab", "ba", "THE (quick) fox",
  ]

  static let patterns = [
    "a", "a*", "a-b", "a+", "a?b", ".", ".-", "^a", "a$", "^$", "$", "%a+", "%d+", "%s*", "%w+",
    "%A", "%S+", "%x", "%p", "%l%u", "%c", "%g+", "[abc]", "[^abc]+", "[a-c]+", "[%a_][%w_]*",
    "[]]", "[^]]", "[a-]", "[%]]", "%b()", "%b[]", "%f[%w]%w+", "%f[%W]", "()", "(a)(b)",
    "(a*(.)%w(%s*))", "(%w+)=(%w+)", "((a)b)", "(.)%1", "(%w)%1", "%1", "(a", "a)", "[a", "%",
    "a%", "%b", "%ba", "%f", "%fa", "(()a)", "[%w-]+", "[z-a]", "x*$", "a.-$", "(.-)%s*$",
    "^%s*(.-)%s*$", "%0", "(a)%2", "a-", "-", "*", "+a", "?", "[^%d%s]", "%.", "%%", "%$", "a\0b",
    "\0", "[\0-a]", "^(%w+)", "(%a)(%a)(%a)", "%u+", "()%s()", "^", "()()()()",
    String(repeating: "()", count: 33), String(repeating: "a?", count: 250),
  ]

  /// What the harness prints in a plain Lua state with Lua's own string library.
  static func stockResult(_ subject: String, _ pattern: String) throws -> String {
    let L = try #require(luaL_newstate())
    defer { lua_close(L) }
    luaL_openlibs(L)
    let chunk = Array(harness.utf8)
    #expect(luaL_loadbufferx(L, chunk.map { CChar(bitPattern: $0) }, chunk.count, "=harness", "t") == LUA_OK)
    for text in [subject, pattern] {
      let bytes = Array(text.utf8).map { CChar(bitPattern: $0) }
      _ = lua_pushlstring(L, bytes, bytes.count)
    }
    #expect(lua_pcallk(L, 2, 1, 0, 0, nil) == LUA_OK)
    var length = 0
    let result = try #require(lua_tolstring(L, -1, &length))
    return String(decoding: UnsafeRawBufferPointer(start: result, count: length), as: UTF8.self)
  }

  static func luaKitResult(_ subject: String, _ pattern: String, _ lua: LuaState) throws -> String {
    let harness = try lua.load(Self.harness, chunkName: "=harness")
    let result = try lua.call(harness, [.string(subject), .string(pattern)])
    return result.first?.stringValue ?? ""
  }

  @Test(arguments: patterns)
  func everyFunctionAgreesWithLuasOwn(pattern: String) throws {
    let lua = try LuaState()
    for subject in Self.subjects {
      let expected = try Self.stockResult(subject, pattern)
      #expect(try Self.luaKitResult(subject, pattern, lua) == expected, "s=\(subject.debugDescription)")
    }
  }

  /// Patterns and subjects made at random (seeded) from the pieces patterns are made of.
  @Test func randomPatternsAgreeWithLuasOwn() throws {
    let pieces = [
      "a", "b", ".", "%a", "%d", "[ab]", "[^a]", "(", ")", "()", "*", "+", "-", "?", "^", "$", "%1",
      "%b()", "%f[%a]", "%", "[", "]",
    ]
    let letters = Array("ab1( )")
    var random = SplitMix(seed: 20_261_129)
    let lua = try LuaState()
    for _ in 0..<600 {
      let pattern = (0..<random.below(6) + 1).map { _ in pieces[random.below(pieces.count)] }.joined()
      let subject = String((0..<random.below(9)).map { _ in letters[random.below(letters.count)] })
      let expected = try Self.stockResult(subject, pattern)
      #expect(
        try Self.luaKitResult(subject, pattern, lua) == expected,
        "s=\(subject.debugDescription) p=\(pattern.debugDescription)")
    }
  }

  static let backtrackingBombs = [
    "string.find(string.rep('a', 40), '.-.-.-.-.-.-.-.-.-.-b')",
    "string.match(string.rep('a', 40), '(.*)(.*)(.*)(.*)(.*)(.*)(.*)b')",
    "for _ in string.gmatch(string.rep('a', 40), 'a-a-a-a-a-a-a-a-a-a-b') do end",
    "string.gsub(string.rep('a', 40), '%a*%a*%a*%a*%a*%a*%a*%a*b', '')",
    "pcall(string.find, string.rep('a', 40), '.-.-.-.-.-.-.-.-.-.-b') while true do end",
  ]

  @Test(arguments: backtrackingBombs)
  func aPatternThatBacktracksForeverIsStoppedByTheInstructionBudget(code: String) throws {
    let limits = LuaLimits(memoryBytes: 8 << 20, instructionsPerCall: 5_000_000, secondsPerCall: 0)
    let lua = try LuaState(limits: limits)
    let error = try #require(sandboxError("local a = 1\n" + code, state: lua))
    #expect(error.kind == .instructionBudget, "\(error.message)")
    #expect(error.chunk == "plugin.lua" && error.line == 2, "\(error.message)")
    #expect(try runSandboxed("return ('ok'):match('o(k)')", state: lua) == ["k"])
  }

  @Test func aPatternThatBacktracksForeverIsStoppedByTheTimeBudget() throws {
    let limits = LuaLimits(memoryBytes: 8 << 20, instructionsPerCall: 0, secondsPerCall: 0.2)
    let error = try #require(sandboxError("local a = 1\n" + Self.backtrackingBombs[0], limits: limits))
    #expect(error.kind == .timeBudget, "\(error.message)")
    #expect(error.line == 2, "\(error.message)")
  }

  /// A long literal pattern compared at every position of a subject that almost matches: the
  /// characters compared are the work (12.5 million here), not the 5,000 attempts.
  static let literalRuns = [
    "return string.match(s, p)",
    "for _ in string.gmatch(s, p) do end",
    "return string.gsub(s, p, '')",
    "return string.find(s, '()' .. p)",
    "return string.find(s, p .. '$')",
  ]

  @Test(arguments: literalRuns)
  func everyLiteralCharacterComparedIsCharged(code: String) throws {
    let limits = LuaLimits(memoryBytes: 8 << 20, instructionsPerCall: 5_000_000, secondsPerCall: 0)
    let prelude = "local p = string.rep('a', 5000) .. 'b'\nlocal s = string.rep('a', 5000)\n"
    let error = try #require(sandboxError(prelude + code, limits: limits))
    #expect(error.kind == .instructionBudget, "\(error.message)")
    #expect(error.line == 3, "\(error.message)")
  }

  /// A set of 300,000 characters scanned at each of 200 positions (as a class and as a
  /// frontier): the bytes of the set scanned are charged, not one step per test.
  @Test(arguments: ["return c:find(set .. '+')", "return c:find('%f' .. set)", "return c:match(set)"])
  func scanningABigSetIsCharged(code: String) throws {
    let limits = LuaLimits(memoryBytes: 8 << 20, instructionsPerCall: 5_000_000, secondsPerCall: 0)
    let prelude = "local set = '[' .. string.rep('a-b', 100000) .. ']'\nlocal c = string.rep('c', 200)\n"
    let error = try #require(sandboxError(prelude + code, limits: limits))
    #expect(error.kind == .instructionBudget, "\(error.message)")
  }

  /// Work a plain find does outside its comparisons: reading a long pattern to see that it is
  /// plain, and memchr skipping through a long subject. 100 calls of 1 MB each.
  @Test(arguments: [
    "for _ = 1, 100 do big:find('y', 1, true) end", "for _ = 1, 100 do ('abc'):find(big) end",
  ])
  func aPlainFindChargesWhatItReads(code: String) throws {
    let limits = LuaLimits(memoryBytes: 8 << 20, instructionsPerCall: 1_000_000, secondsPerCall: 0)
    let error = try #require(sandboxError("local big = string.rep('x', 1000000)\n" + code, limits: limits))
    #expect(error.kind == .instructionBudget, "\(error.message)")
  }

  @Test func stringMethodsUseTheBudgetedFunctionsToo() throws {
    let limits = LuaLimits(memoryBytes: 8 << 20, instructionsPerCall: 5_000_000, secondsPerCall: 0)
    let error = try #require(
      sandboxError("local a = 1\nreturn ('a'):rep(40):find('.-.-.-.-.-.-.-.-.-.-b')", limits: limits))
    #expect(error.kind == .instructionBudget, "\(error.message)")
  }
}

/// A small seeded generator (SplitMix64), so that the random cases are the same every run.
struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}

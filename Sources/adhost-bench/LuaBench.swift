import CLua
import CLuaBench
import LuaKit

/// `lua`: nanoseconds per call of `counter:add(n)` from a Lua loop — a plain C function on a
/// userdata against a method of a Swift object through LuaKit — measured in paired rounds (C,
/// then Swift, then the next round), reporting the medians, so that a slow stretch of a noisy
/// machine hits both sides alike. Measured in a state with a CPU budget, as plugins run (the
/// count hook then checks every instruction), and again in one without. Then the budgeted
/// pattern functions against Lua's own on a plugin's everyday patterns (`PatternBench`).
let luaSuite = Suite(
  name: "lua",
  summary: "a C call against the same call through LuaKit's bridge; budgeted patterns against Lua's",
  figures: [
    "raw_c_ns", "bridge_ns", "ratio", "raw_c_ns_without_budget", "bridge_ns_without_budget",
    "ratio_without_budget", "lua_patterns_ns", "budgeted_patterns_ns", "patterns_ratio",
  ]
) {
  arguments in
  let calls = arguments.first.flatMap { Int($0) } ?? 2_000_000
  let budgeted = try LuaCallBench(
    limits: LuaLimits(memoryBytes: 0, instructionsPerCall: Int.max / 2, secondsPerCall: 0, secondsPerRun: 0))
  let unbudgeted = try LuaCallBench(limits: .none)
  let (raw, bridge, ratio) = try budgeted.measure(calls: calls, rounds: 15)
  let (rawWithoutBudget, bridgeWithoutBudget, ratioWithoutBudget) = try unbudgeted.measure(
    calls: calls, rounds: 15)
  let patterns = try PatternBench().measure(loops: max(1, calls / 100), rounds: 15)
  return [
    ("raw_c_ns", .number(raw)), ("bridge_ns", .number(bridge)), ("ratio", .number(ratio)),
    ("raw_c_ns_without_budget", .number(rawWithoutBudget)),
    ("bridge_ns_without_budget", .number(bridgeWithoutBudget)),
    ("ratio_without_budget", .number(ratioWithoutBudget)),
    ("lua_patterns_ns", .number(patterns.raw)), ("budgeted_patterns_ns", .number(patterns.budgeted)),
    ("patterns_ratio", .number(patterns.ratio)),
  ]
}

/// One Lua state with both counters and a loop over each.
struct LuaCallBench {
  final class Counter { var total = 0.0 }

  let lua: LuaState
  let rawLoop: LuaFunction
  let bridgeLoop: LuaFunction
  let counter = Counter()

  init(limits: LuaLimits) throws {
    lua = try LuaState(limits: limits)
    let methodsOnly = LuaObjectType<Counter>("Counter")
    methodsOnly.method("add") { counter, call in
      counter.total += call.number(2) ?? 0
      return call.return(number: counter.total)
    }
    lua.register(methodsOnly)
    lkbench_push_counter(lua.rawState)
    lua_setglobal(lua.rawState, "rawcounter")
    lua.globals.set("swiftcounter", .object(counter))
    rawLoop = try lua.load(
      "local counter, n = rawcounter, ... for i = 1, n do counter:add(1) end", chunkName: "=raw")
    bridgeLoop = try lua.load(
      "local counter, n = swiftcounter, ... for i = 1, n do counter:add(1) end", chunkName: "=bridge")
  }

  /// Median ns per raw call, per bridged call, and median of the rounds' ratios.
  func measure(calls: Int, rounds: Int) throws -> (Double, Double, Double) {
    try pairedRounds(lua, rawLoop, bridgeLoop, count: calls, rounds: rounds)
  }
}

/// ns per round of a plugin's everyday pattern calls (`find`, `match`, `gmatch` and `gsub` on a
/// URL) with Lua's own string library against the budgeted one LuaKit installs, in a state
/// with a CPU budget, in paired rounds.
struct PatternBench {
  static let loop = """
    local string, n = ...
    local find, match, gmatch, gsub = string.find, string.match, string.gmatch, string.gsub
    local url = "https://ads.example.com/v1/track?event=impression&id=12345&ts=1700000000&cb=%5Bx%5D"
    for _ = 1, n do
      local scheme, host = match(url, "^(%a+)://([^/]+)")
      local id = match(url, "[?&]id=(%d+)")
      local at = find(url, "event=impression", 1, true)
      local query = find(url, "track%?event")
      for key, value in gmatch(url, "([%w_]+)=([^&]*)") do end
      local unescaped = gsub(url, "%%(%x%x)", "_")
      local trimmed = match("  some value  ", "^%s*(.-)%s*$")
    end
    """

  let lua: LuaState
  let raw: LuaFunction
  let budgeted: LuaFunction

  init() throws {
    lua = try LuaState(
      limits: LuaLimits(memoryBytes: 0, instructionsPerCall: Int.max / 2, secondsPerCall: 0, secondsPerRun: 0)
    )
    let body = try lua.load(Self.loop, chunkName: "=patterns")
    lkbench_push_lua_string_library(lua.rawState)
    lua_setglobal(lua.rawState, "luastring")
    raw = try lua.load("return (...)(luastring, select(2, ...))", chunkName: "=lua")
    budgeted = try lua.load("return (...)(string, select(2, ...))", chunkName: "=budgeted")
    self.body = body
  }

  /// The loop itself, given the library to use and the count.
  private let body: LuaFunction

  /// Median ns per round with Lua's library, with the budgeted one, and their median ratio.
  func measure(loops: Int, rounds: Int) throws -> (raw: Double, budgeted: Double, ratio: Double) {
    let (raw, budgeted, ratio) = try pairedRounds(
      lua, self.raw, self.budgeted, count: loops, rounds: rounds, arguments: [.function(body)])
    return (raw, budgeted, ratio)
  }
}

/// Runs `first` and `second` with `count` (after `arguments`) in `rounds` alternating rounds
/// after a warm-up: the median ns per count of each and the median of the rounds' ratios.
func pairedRounds(
  _ lua: LuaState, _ first: LuaFunction, _ second: LuaFunction, count: Int, rounds: Int,
  arguments: [LuaValue] = []
) throws -> (Double, Double, Double) {
  func nanoseconds(_ function: LuaFunction, _ count: Int) throws -> Double {
    let start = monotonicSeconds()
    try lua.call(function, arguments + [.integer(Int64(count))])
    return (monotonicSeconds() - start) / Double(count) * 1e9
  }
  _ = try nanoseconds(first, max(1, count / 4))
  _ = try nanoseconds(second, max(1, count / 4))
  var firsts: [Double] = []
  var seconds: [Double] = []
  var ratios: [Double] = []
  for _ in 0..<rounds {
    let a = try nanoseconds(first, count)
    let b = try nanoseconds(second, count)
    firsts.append(a)
    seconds.append(b)
    ratios.append(b / a)
  }
  func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
  return (median(firsts), median(seconds), median(ratios))
}

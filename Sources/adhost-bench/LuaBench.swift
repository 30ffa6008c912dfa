import CLua
import CLuaBench
import LuaKit

/// `lua`: nanoseconds per call of `counter:add(n)` from a Lua loop — a plain C function on a
/// userdata against a method of a Swift object through LuaKit — measured in paired rounds (C,
/// then Swift, then the next round), reporting the medians, so that a slow stretch of a noisy
/// machine hits both sides alike. Measured in a state with a CPU budget, as plugins run (the
/// count hook then checks every instruction), and again in one without.
let luaSuite = Suite(name: "lua", summary: "a C call against the same call through LuaKit's bridge") {
  arguments in
  let calls = arguments.first.flatMap { Int($0) } ?? 2_000_000
  let budgeted = try LuaCallBench(
    limits: LuaLimits(memoryBytes: 0, instructionsPerCall: Int.max / 2, secondsPerCall: 0))
  let unbudgeted = try LuaCallBench(limits: .none)
  let (raw, bridge, ratio) = try budgeted.measure(calls: calls, rounds: 15)
  let (rawWithoutBudget, bridgeWithoutBudget, ratioWithoutBudget) = try unbudgeted.measure(
    calls: calls, rounds: 15)
  return [
    ("raw_c_ns", .number(raw)), ("bridge_ns", .number(bridge)), ("ratio", .number(ratio)),
    ("raw_c_ns_without_budget", .number(rawWithoutBudget)),
    ("bridge_ns_without_budget", .number(bridgeWithoutBudget)),
    ("ratio_without_budget", .number(ratioWithoutBudget)),
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

  private func nanosecondsPerCall(_ loop: LuaFunction, _ calls: Int) throws -> Double {
    let start = monotonicSeconds()
    try lua.call(loop, [.integer(Int64(calls))])
    return (monotonicSeconds() - start) / Double(calls) * 1e9
  }

  /// Median ns per raw call, per bridged call, and median of the rounds' ratios.
  func measure(calls: Int, rounds: Int) throws -> (Double, Double, Double) {
    _ = try nanosecondsPerCall(rawLoop, calls / 4)
    _ = try nanosecondsPerCall(bridgeLoop, calls / 4)
    var raws: [Double] = []
    var bridges: [Double] = []
    var ratios: [Double] = []
    for _ in 0..<rounds {
      let raw = try nanosecondsPerCall(rawLoop, calls)
      let bridge = try nanosecondsPerCall(bridgeLoop, calls)
      raws.append(raw)
      bridges.append(bridge)
      ratios.append(bridge / raw)
    }
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    return (median(raws), median(bridges), median(ratios))
  }
}

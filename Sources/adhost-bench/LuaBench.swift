import CLua
import CLuaBench
import LuaKit

/// `lua`: nanoseconds per call of `counter:add(n)` from a Lua loop — a plain C function on a
/// userdata against a method of a Swift object through LuaKit — measured side by side.
let luaSuite = Suite(name: "lua", summary: "a C call against the same call through LuaKit's bridge") {
  arguments in
  let calls = arguments.first.flatMap { Int($0) } ?? 20_000_000
  let lua = try LuaState(limits: .none)

  final class Counter { var total = 0.0 }
  let methodsOnly = LuaObjectType<Counter>("Counter")
  methodsOnly.method("add") { counter, call in
    counter.total += call.number(2) ?? 0
    return call.return(number: counter.total)
  }
  lua.register(methodsOnly)
  let counter = Counter()

  lkbench_push_counter(lua.rawState)
  lua_setglobal(lua.rawState, "rawcounter")
  lua.globals.set("swiftcounter", .object(counter))
  let rawLoop = try lua.load(
    "local counter, n = rawcounter, ... for i = 1, n do counter:add(1) end", chunkName: "=raw")
  let bridgeLoop = try lua.load(
    "local counter, n = swiftcounter, ... for i = 1, n do counter:add(1) end", chunkName: "=bridge")

  func nanosecondsPerCall(_ loop: LuaFunction) throws -> Double {
    try lua.call(loop, [.integer(Int64(calls / 10))])  // warm up
    var best = Double.infinity
    for _ in 0..<3 {
      let start = monotonicSeconds()
      try lua.call(loop, [.integer(Int64(calls))])
      best = min(best, (monotonicSeconds() - start) / Double(calls) * 1e9)
    }
    return best
  }
  // Interleaved, so that both see the same machine.
  let raw = try nanosecondsPerCall(rawLoop)
  let bridge = try nanosecondsPerCall(bridgeLoop)
  let raw2 = try nanosecondsPerCall(rawLoop)
  let bridge2 = try nanosecondsPerCall(bridgeLoop)
  let rawBest = min(raw, raw2)
  let bridgeBest = min(bridge, bridge2)
  return [
    ("raw_c_ns", .number(rawBest)), ("bridge_ns", .number(bridgeBest)),
    ("ratio", .number(bridgeBest / rawBest)),
  ]
}

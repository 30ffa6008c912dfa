import LuaKit
import Testing

/// Host coroutines run on reused threads when their callback returned: no thread is made per
/// call, and a call on a reused thread waits, fails and meets its budgets as on a new one.
@Suite struct ThreadReuseTests {
  /// A state, a sandbox with `wait()` (suspends the host coroutine) and `nested(f)` (starts `f`
  /// in a host coroutine from inside a call, as a listener set off by a player call is).
  func sandbox(limits: LuaLimits = LuaLimits()) throws -> (LuaState, LuaTableReference) {
    let lua = try LuaState(limits: limits)
    let environment = try lua.makeSandbox()
    environment.set("wait", .function(lua.function { call in try call.suspend() }))
    environment.set(
      "nested",
      .function(
        lua.function { call in
          guard let function = call.function(1) else { return 0 }
          let (_, outcome) = call.state.startCoroutine(function)
          guard case .failed(let error) = outcome else { return call.return(.string("finished")) }
          return call.return(.string(error.message))
        }))
    return (lua, environment)
  }

  func chunk(_ lua: LuaState, _ environment: LuaTableReference, _ code: String) throws -> LuaFunction {
    try lua.load(code, chunkName: "@plugin.lua", environment: environment)
  }

  @Test func callsThatReturnMakeNoThreadAfterTheFirst() throws {
    let (lua, environment) = try sandbox()
    let listener = try chunk(lua, environment, "local event = ... return event.n * 2")
    for n in 1...500 {
      let (_, outcome) = lua.startCoroutine(listener, [.dictionary(["n": .integer(Int64(n))])])
      guard case .finished(let results) = outcome else {
        Issue.record("call \(n): \(outcome)")
        return
      }
      #expect(results == [.integer(Int64(n * 2))])
    }
    #expect(lua.threadsMade == 1)
  }

  @Test func aCallThatWaitsOnAReusedThreadResumesAndKeepsItsThread() throws {
    let (lua, environment) = try sandbox()
    let quick = try chunk(lua, environment, "return 1")
    let waiting = try chunk(lua, environment, "local x = ... local y = wait() return x + y")
    _ = lua.startCoroutine(quick)
    let (coroutine, first) = lua.startCoroutine(waiting, [40])
    guard case .suspended = first else {
      Issue.record("expected a wait, got \(first)")
      return
    }
    #expect(lua.threadsMade == 1, "the waiting call took the finished one's thread")
    // Calls while it waits run on a thread of their own, and leave the waiting one alone.
    for _ in 1...10 { _ = lua.startCoroutine(quick) }
    #expect(lua.threadsMade == 2)
    guard case .finished(let results) = coroutine.resume([2]) else {
      Issue.record("expected the waiting call to finish")
      return
    }
    #expect(results == [42])
    #expect(coroutine.resume([1]).isFailure, "a finished coroutine cannot be resumed again")
  }

  @Test func aCallThatFailsOnAReusedThreadReportsAsOnANewOneAndItsThreadIsNotReused() throws {
    let (lua, environment) = try sandbox()
    _ = lua.startCoroutine(try chunk(lua, environment, "return 1"))
    let failing = try chunk(
      lua, environment, "local function inner()\n  error('broken listener')\nend\ninner()")
    let (_, outcome) = lua.startCoroutine(failing)
    guard case .failed(let error) = outcome else {
      Issue.record("expected a failure, got \(outcome)")
      return
    }
    #expect(error.message == "plugin.lua:2: broken listener")
    #expect(error.traceback?.contains("plugin.lua:2: in") == true, "\(error.traceback ?? "")")
    #expect(error.traceback?.contains("plugin.lua:4: in") == true, "\(error.traceback ?? "")")
    #expect(lua.threadsMade == 1)
    _ = lua.startCoroutine(try chunk(lua, environment, "return 1"))
    #expect(lua.threadsMade == 2, "the failed call's thread was reused")
  }

  @Test func aReusedThreadMeetsTheInstructionBudgetOfItsCall() throws {
    let (lua, environment) = try sandbox(limits: LuaLimits(instructionsPerCall: 100_000))
    let cheap = try chunk(lua, environment, "return 1")
    let long = try chunk(lua, environment, "local n = 0\nfor i = 1, 1e7 do n = n + i end\nreturn n")
    _ = lua.startCoroutine(cheap)
    let (_, outcome) = lua.startCoroutine(long)
    guard case .failed(let error) = outcome else {
      Issue.record("expected the budget's error, got \(outcome)")
      return
    }
    #expect(error.message.contains("plugin.lua:2: instruction budget exceeded"), "\(error.message)")
    // A fresh budget for the next call, on a thread without the spent budget's hook.
    guard case .finished(let results) = lua.startCoroutine(cheap).1 else {
      Issue.record("the call after a spent budget failed")
      return
    }
    #expect(results == [1])
  }

  @Test func aNestedCallOnAReusedThreadHasTheHookOfTheCallItRunsIn() throws {
    // The thread last ran with no budget (no hook); the nested call runs inside a budgeted call,
    // where a new thread would carry the count hook of the main thread.
    let (lua, environment) = try sandbox(limits: .none)
    _ = lua.startCoroutine(try chunk(lua, environment, "return 1"))
    lua.limits = LuaLimits(instructionsPerCall: 100_000)
    let outer = try chunk(
      lua, environment, "return nested(function()\n  local n = 0\n  for i = 1, 1e7 do n = n + i end\nend)")
    let results = try lua.call(outer)
    #expect(lua.threadsMade == 1)
    #expect(
      results.first?.stringValue?.contains("plugin.lua:3: instruction budget exceeded") == true, "\(results)")
  }

  @Test func aReusedThreadMeetsTheMemoryBudget() throws {
    let (lua, environment) = try sandbox(limits: LuaLimits(memoryBytes: 4 << 20))
    let cheap = try chunk(lua, environment, "return 1")
    _ = lua.startCoroutine(cheap)
    let (_, outcome) = lua.startCoroutine(
      try chunk(lua, environment, "local t = {}\nfor i = 1, 1e7 do t[i] = {i} end"))
    guard case .failed(let error) = outcome else {
      Issue.record("expected the memory budget's error, got \(outcome)")
      return
    }
    #expect(error.kind == .memoryBudget, "\(error.message)")
    #expect(lua.startCoroutine(cheap).1.isFinished)
  }

  @Test func aThreadWhoseHandleLuaHoldsStaysDead() throws {
    let (lua, environment) = try sandbox()
    let keep = try chunk(lua, environment, "kept = coroutine.running() return coroutine.status(kept)")
    #expect(lua.startCoroutine(keep).1.results == [.string("running")])
    let look = try chunk(lua, environment, "return coroutine.status(kept), coroutine.resume(kept)")
    #expect(
      lua.startCoroutine(look).1.results == [
        .string("dead"), .boolean(false), .string("cannot resume dead coroutine"),
      ])
    #expect(lua.threadsMade == 2, "the thread Lua holds was reused")
    let running = try chunk(lua, environment, "local co, main = coroutine.running() return type(co), main")
    #expect(lua.startCoroutine(running).1.results == [.string("thread"), .boolean(false)])
    #expect(
      try runSandboxed("local co, main = coroutine.running() return type(co), main") == [
        .string("thread"), .boolean(true),
      ])
  }
}

extension LuaCoroutine.Outcome {
  var isFailure: Bool {
    if case .failed = self { return true }
    return false
  }

  var isFinished: Bool {
    if case .finished = self { return true }
    return false
  }

  var results: [LuaValue]? {
    if case .finished(let values) = self { return values }
    return nil
  }
}

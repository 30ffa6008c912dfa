import LuaKit
import Testing

@Suite struct CoroutineTests {
  /// A sandbox with `wait()`, a host function that suspends the calling coroutine.
  func sandbox() throws -> (LuaState, LuaTableReference, Box) {
    let lua = try LuaState()
    let environment = try lua.makeSandbox()
    let waiting = Box()
    environment.set(
      "wait",
      .function(
        lua.function { call in
          waiting.coroutine = call.coroutine
          return try call.suspend()
        }))
    return (lua, environment, waiting)
  }

  final class Box { var coroutine: LuaCoroutine? }

  @Test func aHostFunctionSuspendsAndTheHostResumesWithAResult() throws {
    let (lua, environment, waiting) = try sandbox()
    let chunk = try lua.load(
      "local ok, value = pcall(wait) return value + 1", chunkName: "@plugin.lua", environment: environment)
    let (coroutine, first) = lua.startCoroutine(chunk)
    guard case .suspended = first else {
      Issue.record("expected the coroutine to wait, got \(first)")
      return
    }
    #expect(waiting.coroutine === coroutine)
    guard case .finished(let results) = coroutine.resume([41]) else {
      Issue.record("expected the coroutine to finish")
      return
    }
    #expect(results == [42])
    #expect(coroutine.status == .finished)
  }

  @Test func waitingOutsideAHostCoroutineIsAClearError() throws {
    let (lua, environment, _) = try sandbox()
    let chunk = try lua.load(
      "local co = coroutine.wrap(function() return wait() end)\nreturn co()", chunkName: "@plugin.lua",
      environment: environment)
    let (_, outcome) = lua.startCoroutine(chunk)
    guard case .failed(let error) = outcome else {
      Issue.record("expected a failure, got \(outcome)")
      return
    }
    #expect(error.message.contains("plugin.lua:1: cannot wait here"))
  }

  @Test func aFailingCoroutineReportsItsTraceback() throws {
    let (lua, environment, _) = try sandbox()
    let chunk = try lua.load(
      "wait()\nerror('after the wait')", chunkName: "@plugin.lua", environment: environment)
    let (coroutine, _) = lua.startCoroutine(chunk)
    guard case .failed(let error) = coroutine.resume() else {
      Issue.record("expected a failure")
      return
    }
    #expect(error.message == "plugin.lua:2: after the wait")
    #expect(error.traceback?.contains("plugin.lua:2") == true)
  }

  /// A yield the host did not ask for (the plugin's own `coroutine.yield()`) would leave the
  /// coroutine suspended with nothing to resume it: it fails, naming the line.
  @Test func aYieldTheHostDidNotAskForFailsNamingTheLine() throws {
    let (lua, environment, _) = try sandbox()
    let chunk = try lua.load(
      "local x = 1\ncoroutine.yield('anything')\nerror('after the yield')", chunkName: "@plugin.lua",
      environment: environment)
    let (coroutine, outcome) = lua.startCoroutine(chunk)
    guard case .failed(let error) = outcome else {
      Issue.record("expected a failure, got \(outcome)")
      return
    }
    #expect(
      error.message.hasPrefix("plugin.lua:2: coroutine.yield() outside a coroutine of the plugin's own"))
    #expect(error.traceback?.contains("plugin.lua:2") == true)
    #expect(coroutine.status == .failed)
  }

  /// Yields inside the plugin's own coroutines, and the host's own waits, go on as before.
  @Test func yieldsInsideThePluginsOwnCoroutinesAndHostWaitsStillWork() throws {
    let (lua, environment, _) = try sandbox()
    let chunk = try lua.load(
      """
      local co = coroutine.wrap(function() coroutine.yield(1) return 2 end)
      local a, b = co(), co()
      local waited = wait()
      return a + b + waited
      """, chunkName: "@plugin.lua", environment: environment)
    let (coroutine, first) = lua.startCoroutine(chunk)
    guard case .suspended = first else {
      Issue.record("expected the host's wait, got \(first)")
      return
    }
    guard case .finished(let results) = coroutine.resume([10]) else {
      Issue.record("expected the coroutine to finish")
      return
    }
    #expect(results == [13])
  }
}

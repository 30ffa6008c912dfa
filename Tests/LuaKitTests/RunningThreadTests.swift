import LuaKit
import Testing

/// The shim locates a refused allocation in the thread that ran Lua last. That thread may be a
/// coroutine Lua created and has since collected: the shim must never read it once freed (run
/// under AddressSanitizer, reading it is a heap-use-after-free).
@Suite struct RunningThreadTests {
  @Test func aRefusalAfterTheLastRunningCoroutineWasCollectedNamesTheRightLine() throws {
    let lua = try LuaState(
      limits: LuaLimits(memoryBytes: 8 << 20, instructionsPerCall: 0, secondsPerCall: 10))
    let environment = try lua.makeSandbox()
    // The padding moves the main thread's hook count, so that in most calls no hook runs on the
    // main thread between the collection and the refusal.
    for padding in stride(from: 0, to: 1000, by: 37) {
      let code = """
        for i = 1, \(padding) do end
        local co = coroutine.create(function()
          for i = 1, 5000 do end
        end)
        coroutine.resume(co)
        co = nil
        collectgarbage()
        local s = string.rep("x", 100 << 20)
        """
      let chunk = try lua.load(code, chunkName: "@plugin.lua", environment: environment)
      do {
        try lua.call(chunk)
        Issue.record("the allocation was not refused")
      } catch {
        #expect(error.kind == .memoryBudget, "\(error.message)")
        #expect(error.message.hasPrefix("plugin.lua:8: memory budget exceeded"), "\(error.message)")
      }
    }
  }

  @Test func aSwiftFunctionWhoseResultsFindNoRoomOnTheStackRaisesAnError() throws {
    let lua = try LuaState(
      limits: LuaLimits(memoryBytes: 256 << 20, instructionsPerCall: 0, secondsPerCall: 0))
    let environment = try lua.makeSandbox()
    environment.set("cheap", .function(lua.function { call in call.return(1) }))
    // 300 nested tables: pushing them takes about 600 stack slots.
    var nested: LuaValue = 1
    for _ in 0..<300 { nested = .array([nested]) }
    let deepValue = nested
    environment.set("nested", .function(lua.function { call in call.return(deepValue) }))
    let results = try lua.call(
      try lua.load(
        """
        local leaf
        local function deep(n)  -- 30 locals: each frame takes more than 30 stack slots
          local a, b, c, d, e, f, g, h, i, j, k, l, m, o, p, q, r, s, t, u, v, w, x, y, z, aa, bb, cc, dd, ee
          if n == 0 then return leaf() end
          return (deep(n - 1))
        end
        -- The deepest recursion whose call to a Swift function still fits Lua's stack limit.
        leaf = cheap
        local low, high = 1, 100000
        while low < high do
          local middle = (low + high + 1) // 2
          if pcall(deep, middle) then low = middle else high = middle - 1 end
        end
        leaf = nested
        local ok, message = pcall(deep, low)
        return low, ok, message
        """, chunkName: "@plugin.lua", environment: environment))
    #expect(results.count == 3)
    #expect(results[1] == false, "\(results)")
    #expect(
      results[2].stringValue?.contains("stack overflow (no room on the Lua stack for the host's") == true,
      "\(results)")
    #expect(
      try lua.call(try lua.load("return cheap()", chunkName: "=check", environment: environment)) == [1])
  }
}

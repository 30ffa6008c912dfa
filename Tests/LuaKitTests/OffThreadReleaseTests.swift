import Foundation
import LuaKit
import Testing

/// The last Swift reference to a Lua value may go on any thread (a closure released by the
/// URLSession or Swift concurrency thread that ran it); the state frees the value's slot itself,
/// on the thread that uses it, at its next entry — never from the thread that dropped it while
/// the host runs Lua (issue 12: such a drop corrupted the state, "unprotected Lua error: attempt
/// to call a nil value").
@Suite struct OffThreadReleaseTests {
  /// What a test hands to another thread to drop there.
  final class Carried<Value>: @unchecked Sendable {
    var value: Value?
    init(_ value: Value?) { self.value = value }
  }

  /// Drops `carried.value` on a thread of its own and waits until it has.
  func drop<Value>(_ carried: Carried<Value>) {
    let dropped = DispatchSemaphore(value: 0)
    let thread = Thread {
      carried.value = nil
      dropped.signal()
    }
    thread.start()
    dropped.wait()
  }

  /// A state whose globals have `keep(value)`, which keeps a function or a table by reference,
  /// and `dropElsewhere()`, which drops it on another thread while Lua runs.
  func state() throws -> LuaState {
    let lua = try LuaState()
    let kept = Carried<LuaReference>(nil)
    lua.globals.set(
      "keep",
      .function(
        lua.function { call in
          kept.value = call.function(1) ?? call.table(1)
          return 0
        }))
    lua.globals.set(
      "dropElsewhere",
      .function(
        lua.function { _ in
          drop(kept)
          return 0
        }))
    return lua
  }

  @Test func aReferenceDroppedOnAnotherThreadStaysUntilTheStatesNextEntry() throws {
    let lua = try state()
    let stillThere = try lua.call(
      lua.load(
        """
        weak = setmetatable({}, { __mode = "v" })
        weak[1] = {}
        keep(weak[1])
        dropElsewhere()
        collectgarbage()
        return weak[1] ~= nil
        """, chunkName: "=test"))
    // Freed by the other thread, the table would have been collected while Lua still ran.
    #expect(stillThere == [true])
    lua.collectGarbage()
    let gone = try lua.call(lua.load("return weak[1] == nil", chunkName: "=test"))
    #expect(gone == [true])
  }

  @Test func aHostCoroutineDroppedOnAnotherThreadStaysUntilTheStatesNextEntry() throws {
    let lua = try LuaState()
    let waiting = Carried<LuaCoroutine>(nil)
    lua.globals.set(
      "wait",
      .function(
        lua.function { call in
          waiting.value = call.coroutine
          return try call.suspend()
        }))
    lua.globals.set(
      "dropElsewhere",
      .function(
        lua.function { _ in
          drop(waiting)
          return 0
        }))
    let body = try lua.load(
      """
      weak = setmetatable({}, { __mode = "v" })
      weak[1] = coroutine.running()
      wait()
      """, chunkName: "=waiter")
    let (coroutine, outcome) = lua.startCoroutine(body)
    guard case .suspended = outcome else {
      Issue.record("expected the coroutine to wait, got \(outcome)")
      return
    }
    #expect(waiting.value === coroutine)
    _ = consume coroutine
    let stillThere = try lua.call(
      lua.load("dropElsewhere() collectgarbage() return weak[1] ~= nil", chunkName: "=test"))
    #expect(stillThere == [true])
    lua.collectGarbage()
    let gone = try lua.call(lua.load("return weak[1] == nil", chunkName: "=test"))
    #expect(gone == [true])
  }

  /// The race itself: the host keeps calling Lua while another thread drops the functions it
  /// made. Freed from that thread, this corrupted the state within a few thousand calls (an abort
  /// with "unprotected Lua error (a LuaKit bug): attempt to call a nil value", or a double free).
  @Test func referencesDroppedOnAnotherThreadWhileTheHostCallsLuaLeaveTheStateIntact() throws {
    let lua = try LuaState()
    let handOff = HandOff()
    let dropper = Thread {
      while handOff.dropAll() {}
    }
    dropper.start()
    defer { handOff.stop() }
    let apply = try lua.load("local f = ... return f(1) + 1", chunkName: "=apply")
    var wrong = 0
    for round in 0..<20_000 {
      let make = try lua.load("return function(x) return x + \(round % 7) end", chunkName: "=make")
      guard case .function(let function)? = try lua.call(make).first else {
        wrong += 1
        continue
      }
      if try lua.call(apply, [.function(function)]) != [.integer(Int64(2 + round % 7))] { wrong += 1 }
      handOff.give([make, function])
    }
    #expect(wrong == 0)
  }

  /// Functions handed from the host thread to a dropping thread.
  final class HandOff: @unchecked Sendable {
    private let lock = NSLock()
    private var functions: [LuaFunction] = []
    private var running = true

    func give(_ more: [LuaFunction]) {
      lock.lock()
      functions += more
      lock.unlock()
    }

    /// Drops every function handed over so far; false once stopped.
    func dropAll() -> Bool {
      lock.lock()
      let taken = functions
      functions.removeAll()
      let more = running
      lock.unlock()
      _ = consume taken
      return more
    }

    func stop() {
      lock.lock()
      running = false
      lock.unlock()
    }
  }
}

import Foundation
import LoopbackHTTP
import Testing

/// A wait where Lua cannot suspend the plugin's code is refused before anything starts, so no
/// answer can reach a later wait.
@Suite struct WaitRefusalTests {
  @Test func aWaitInsideATableSortComparatorIsRefusedAndALaterWaitGetsItsOwnAnswer() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.route("/u1") { _ in .text("answer of u1") }
    server.route("/u2") { _ in .text("answer of u2") }
    let base = server.baseURL.absoluteString
    let run = try await runSetSource(
      """
      local ok, message = pcall(table.sort, {3, 1, 2}, function(a, b) http.get("\(base)/u1") return a < b end)
            assert(not ok)
            local answer = http.get("\(base)/u2")
            error("sort: " .. message .. " | u2: " .. answer.body, 0)
      """)
    #expect(
      run.errors.contains("plugin.lua:4: cannot wait here: the call runs inside a function"), "\(run.errors)")
    #expect(run.errors.contains("| u2: answer of u2"), "\(run.errors)")
    #expect(server.requests(for: "/u1").isEmpty)
  }

  /// A timer or listener that yields without the host asking (`coroutine.yield()`) is a plugin
  /// error naming the file and line, not a callback silently suspended for ever.
  @Test func aYieldInATimerOrListenerIsAPluginErrorNamingTheLine() async throws {
    let run = try await runSetSource(
      """
      timer.after(1, function()
              log.info("before yield")
              coroutine.yield("anything")
              log.info("after yield")
            end)
            player:addEventListener("pause", function() coroutine.yield() end)
            timer.after(2, function() player:pause() end)
      """, arguments: ["--json"])
    let messages = run.events("aderror").compactMap { $0["message"] as? String }
    #expect(messages.count == 2, "\(run.output)")
    #expect(messages.first?.hasPrefix("timer.after callback: ") == true, "\(messages)")
    #expect(
      messages.first?.contains("plugin.lua:6: coroutine.yield() outside a coroutine") == true, "\(messages)")
    #expect(
      messages.last?.contains("plugin.lua:9: coroutine.yield() outside a coroutine") == true, "\(messages)")
    #expect(!run.output.contains("after yield"))
    #expect(run.errors.contains("plugin.lua:6: coroutine.yield()"), "\(run.errors)")
  }
}

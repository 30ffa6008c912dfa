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
}

import Foundation
import Testing

/// The host's library globals are read-only: a plugin cannot replace what the host relies on.
@Suite struct ReadOnlyGlobalsTests {
  @Test func replacingAHostFunctionJsonNullOrAMetatableIsAnErrorNamingTheGlobal() async throws {
    let run = try await runSetSource(
      """
      local messages = {}
            for _, change in ipairs({
              function() http.get = function() return { status = 200, body = "fake" } end end,
              function() rawset(json, "null", {}) end,
              function() setmetatable(http, { __index = function() return print end }) end,
              function() timer.after = nil end,
            }) do
              local ok, message = pcall(change)
              messages[#messages + 1] = ok and "changed" or message
            end
            assert(type(http.get) == "function" and json.null ~= nil and json.encode({json.null}) == "[null]")
            error(table.concat(messages, "\\n"), 0)
      """)
    // An error message is one line on the terminal: its own line breaks are shown escaped.
    #expect(run.errors.contains("http.get\\x0a"), "line breaks reach the terminal raw: \(run.errors)")
    let unescaped = run.errors.replacingOccurrences(of: "\\x0a", with: "\n")
    let lines = unescaped.split(separator: "\n").map(String.init)
    #expect(
      lines.contains { $0.hasSuffix("plugin.lua:6: http is read-only: cannot set http.get") }, "\(run.errors)"
    )
    #expect(
      lines.contains { $0.hasSuffix("plugin.lua:7: json is read-only: cannot set json.null") },
      "\(run.errors)")
    #expect(
      lines.contains { $0.hasSuffix("plugin.lua:8: http is read-only: cannot set its metatable") },
      "\(run.errors)")
    #expect(
      lines.contains { $0.hasSuffix("plugin.lua:9: timer is read-only: cannot set timer.after") },
      "\(run.errors)")
  }
}

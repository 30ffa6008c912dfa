import Foundation
import LoopbackHTTP
import TestFiles
import Testing

@testable import AdhostCLI

/// What one `adhost run` printed and returned.
struct RunResult {
  let code: Int32
  let output: String
  let errors: String

  /// The JSON Lines log, one object per line.
  var events: [[String: Any]] {
    output.split(separator: "\n").compactMap { line in
      (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
    }
  }

  /// `type` of each event, with the ad id when it has one: `adbegin:nw-1`.
  var timeline: [String] {
    events.compactMap { event in
      guard let type = event["type"] as? String, type != "timeupdate", type != "log" else { return nil }
      if type == "beacon" { return "beacon:\(event["event"] ?? "?")" }
      if let ad = event["ad"] as? [String: Any], let id = ad["id"] as? String { return "\(type):\(id)" }
      if let adBreak = event["adBreak"] as? [String: Any], let offset = adBreak["timeOffset"] {
        return "\(type)@\(offset)"
      }
      return type
    }
  }

  /// Events of one type.
  func events(_ type: String) -> [[String: Any]] { events.filter { $0["type"] as? String == type } }
}

/// Runs `adhost <arguments>` in-process and captures what it prints.
func adhost(_ arguments: [String]) async -> RunResult {
  let console = Console(capturing: ())
  let code = await Adhost.main(arguments, console: console)
  return RunResult(code: code, output: console.output, errors: console.errorOutput)
}

/// Runs `adhost run` with a plugin whose integration "test" runs `body` in `setSource` (and
/// handles the source), on 10 s of content. `prelude` (whole lines) comes first in the plugin.
func runSetSource(_ body: String, prelude: String = "", arguments: [String] = []) async throws -> RunResult {
  let scratch = try Scratch()
  let integration = """
    player.ads:registerServerSideIntegration("test", function(controller)
      return {
        setSource = function()
          \(body)
          return true
        end,
      }
    end)
    """
  let plugin = try scratch.write("plugin.lua", prelude + integration)
  let source = try scratch.source(duration: 10, ssai: #"{"integration": "test"}"#)
  return await adhost(["run", plugin, source] + arguments)
}

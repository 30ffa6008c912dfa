import Foundation
import LoopbackHTTP
import Testing

@testable import AdhostCLI

/// The repository's root, to find `plugins/` and `examples/`.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()

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

/// A folder of files written for one test, removed at the end.
final class Scratch {
  let folder: URL

  init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("adhost-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: folder) }

  /// Writes `text` to `name` and returns its path.
  @discardableResult
  func write(_ name: String, _ text: String) throws -> String {
    let url = folder.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url.path
  }

  /// A source JSON file: content of `duration` seconds, `ssai` and `ads` as given.
  func source(duration: Double = 60, ssai: String? = nil, ads: String? = nil) throws -> String {
    var typed = #""src": "https://cdn.example/content.m3u8""#
    if let ssai { typed += #", "ssai": "# + ssai }
    var text = #"{"sources": [{"# + typed + "}], \"duration\": \(duration)"
    if let ads { text += #", "ads": "# + ads }
    return try write("source-\(UUID().uuidString).json", text + "}")
  }
}

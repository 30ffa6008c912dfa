import AdhostCLI
import Foundation

let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()

/// The example's files.
func example(_ name: String) -> String {
  repositoryRoot.appendingPathComponent("examples/omnibox/\(name)").path
}

/// What one `adhost display --json` printed and returned.
struct DisplayOutcome {
  let code: Int32
  let lines: [[String: Any]]
  let errors: String

  /// The events of a type, in order.
  func events(_ type: String) -> [[String: Any]] { lines.filter { $0["type"] as? String == type } }
}

/// Runs `adhost display <arguments> --json` in-process.
func display(_ arguments: [String]) async -> DisplayOutcome {
  let console = Console(capturing: ())
  let code = await Adhost.main(["display"] + arguments + ["--json"], console: console)
  let lines = console.output.split(separator: "\n").compactMap {
    (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
  }
  return DisplayOutcome(code: code, lines: lines, errors: console.errorOutput)
}

/// A folder of its own under the temporary directory, removed when done.
final class ScratchFolder {
  let url: URL
  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("adhost-display-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }
  deinit { try? FileManager.default.removeItem(at: url) }
  func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  func write(_ name: String, _ text: String) throws -> String {
    try text.write(toFile: path(name), atomically: true, encoding: .utf8)
    return path(name)
  }
}

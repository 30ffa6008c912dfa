import TestFiles
import Testing

/// The examples' runs (README and examples/*/README.md) break no strict rule.
@Suite struct StrictExampleTests {
  static let runs: [[String]] = [
    ["plugins/omnibox.lua", "examples/omnibox/source.json", "--offline", "examples/omnibox/recording"],
    [
      "plugins/omnibox.lua", "examples/omnibox/source.json", "--offline", "examples/omnibox/recording",
      "--actions", "examples/omnibox/actions-skip.json",
    ],
    // The break at the end gets a VAST answer with no ad: the aderror that reports it is expected.
    [
      "plugins/vast.lua", "examples/vast/source.json", "--offline", "examples/vast/recording",
      "--expect-error", "VAST error 303",
    ],
    mediaTailor("vod/source.json"),
    mediaTailor("vod/source.json", "--actions", "examples/mediatailor/vod/actions-skip.json"),
    mediaTailor("vod/source.json", "--actions", "examples/mediatailor/vod/actions-seek-over.json"),
    mediaTailor("vod/source.json", "--actions", "examples/mediatailor/vod/actions-seek-into.json"),
    mediaTailor("vod/source.json", "--actions", "examples/mediatailor/vod/actions-seek-back.json"),
    mediaTailor(
      "vod/source-strict.json", "--actions", "examples/mediatailor/vod/actions-seek-during-ad.json"),
    mediaTailor("live/source.json", "--until", "60"),
    mediaTailor(
      "live/source.json", "--until", "60", "--actions", "examples/mediatailor/live/actions-skip.json"),
  ]

  static func mediaTailor(_ source: String, _ more: String...) -> [String] {
    let folder = source.hasPrefix("live") ? "live" : "vod"
    return [
      "plugins/mediatailor.lua", "examples/mediatailor/" + source, "--offline",
      "examples/mediatailor/\(folder)/recording",
    ] + more
  }

  @Test(arguments: runs) func anExampleRunBreaksNoRule(_ arguments: [String]) async {
    let paths = arguments.map { $0.hasPrefix("plugins/") || $0.hasPrefix("examples/") ? root($0) : $0 }
    let run = await adhost(["run"] + paths + ["--strict", "--json", "--start-date", "2026-01-01T00:00:00Z"])
    #expect(run.code == 0, "\(run.errors)")
    #expect(run.events("violation").isEmpty)
    #expect(!run.events("adbegin").isEmpty)
  }

  private func root(_ path: String) -> String { repositoryRoot.appendingPathComponent(path).path }
}

import Foundation
import TestFiles
import Testing

/// The recorded examples in `examples/mediatailor` play offline, the same way every time.
@Suite struct MediaTailorExampleTests {
  static func example(_ path: String) -> String {
    repositoryRoot.appendingPathComponent("examples/mediatailor/" + path).path
  }

  @Test(arguments: [
    ["vod/source.json", "--offline", "vod/recording"],
    ["vod/source.json", "--offline", "vod/recording", "--actions", "vod/actions-seek-over.json"],
    ["vod/source-strict.json", "--offline", "vod/recording", "--actions", "vod/actions-seek-during-ad.json"],
    [
      "live/source.json", "--offline", "live/recording", "--until", "60", "--actions",
      "live/actions-skip.json",
    ],
  ])
  func anExamplePlaysOfflineAndRepeats(arguments: [String]) async throws {
    let resolved = arguments.map {
      $0.hasSuffix(".json") || $0.hasSuffix("recording") ? Self.example($0) : $0
    }
    let command = ["run", MediaTailorTests.plugin] + resolved + ["--json"]
    let first = await adhost(command)
    let second = await adhost(command)
    #expect(first.code == 0, "\(first.errors)")
    #expect(first.output == second.output)
    #expect(!first.events("adbegin").isEmpty)
    #expect(first.events("aderror").isEmpty)
    #expect(first.events("beacon").allSatisfy { $0["status"] as? Int == 204 })
  }
}

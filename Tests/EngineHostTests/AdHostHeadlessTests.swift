import AppHost
import Foundation
import HTTPKit
import PlayerSeam
import PluginHost
import TestFiles
import Testing

/// The façade on the headless player, where no engine is needed: `plugins/uplynk.lua` offline
/// from `examples/uplynk/vod/recording` plays its breaks and the run ends as `ended`.
@Suite struct AdHostHeadlessTests {
  @Test func uplynkThroughTheFacadeOnTheHeadlessPlayerEndsWithItsAds() throws {
    let example = repositoryRoot.appendingPathComponent("examples/uplynk/vod")
    var options = PluginHostOptions(
      http: HTTPClient(transport: try OfflineTransport(folder: example.appendingPathComponent("recording"))))
    options.diagnostics = { _ in }
    let host = try AdHost(.headless, options: options)
    try host.loadPlugin(at: repositoryRoot.appendingPathComponent("plugins/uplynk.lua").path)
    host.autoplay = true
    host.setSource(
      try SourceDescription(
        jsonText: try String(contentsOf: example.appendingPathComponent("source.json"), encoding: .utf8)))
    let run = host.run(until: 600)
    host.end()
    #expect(run.ending == .ended, "\(run.reason)")
    #expect(
      host.log.entries.filter { $0.kind == .adbegin }.compactMap(\.adId)
        == ["pre-a", "pre-b", "mid1-a", "mid2-a", "post-vpaid", "post-a"])
  }
}

import Foundation
import TestFiles
import Testing

/// A DAI run's report draws each media-verification ping on its ad's lane (issue 41): the
/// pings are beacons of their ads, none is left on the lane of beacons without an ad.
@Suite struct DAIReportTests {
  private func root(_ path: String) -> String { repositoryRoot.appendingPathComponent(path).path }

  @Test func everyPingIsOnItsAdsLane() async throws {
    let scratch = try Scratch()
    let report = scratch.folder.appendingPathComponent("dai.html").path
    let run = await adhost([
      "run", root("plugins/dai.lua"), root("examples/dai/vod/source.json"), "--offline",
      root("examples/dai/vod/recording"), "--report", report, "--json",
    ])
    #expect(run.code == 0, "\(run.errors)")
    let page = try String(contentsOfFile: report, encoding: .utf8)
    #expect(page.contains("15 beacons (0 failed)"))
    #expect(!page.contains("beacons, no ad"))
    for ad in ["pre1", "mid1", "mid2"] { #expect(page.contains(">ad \(ad)<"), "\(ad)") }
    let credited = run.events("beacon").map { ($0["ad"] as? [String: Any])?["id"] as? String ?? "-" }
    #expect(
      credited == Array(repeating: "pre1", count: 5) + Array(repeating: "mid1", count: 5)
        + Array(repeating: "mid2", count: 5))
  }
}

import AdPlayer
import Foundation
import HTTPKit
import HTTPTestSupport
import HeadlessHost
import LoopbackHTTP
import PlaybackEngine
import PlayerSeam
import PluginHost
import TestFiles
import Testing

/// `plugins/dai.lua` live: a CMAF live window whose ids exist only as ID3 in `emsg`, and a break
/// that the metadata announces only from its third poll — after the break's segment has loaded.
@Suite struct DAILiveTests {
  static let tags: [DAIServer.Tag] = [
    .init(id: "google_live1_start_0001", time: 18), .init(id: "google_live1_mid_0001", time: 21),
    .init(id: "google_live1_end_0001", time: 23.5), .init(id: "google_other_0001", time: 30),
  ]

  static let metadata = """
    {"tags": {"google_live1_start": {"type": "start", "ad": "live1", "ad_break_id": "b1"},
              "google_live1_mid": {"type": "midpoint", "ad": "live1", "ad_break_id": "b1"},
              "google_live1_end": {"type": "complete", "ad": "live1", "ad_break_id": "b1"}},
     "ads": {"live1": {"ad_break_id": "b1", "position": 1, "duration": 6, "title": "Live one"}},
     "ad_breaks": {"b1": {"type": "mid", "duration": 6, "expected_duration": 6, "ads": 1}}}
    """

  @Test func aBreakArrivingByMetadataPollPlaysAndEveryIdIsPingedOnce() async throws {
    let (pings, events, polls, errors) = try await onOwnThread {
      () throws -> ([String], [String], [Double], [String]) in
      let server = try DAILiveServer(segments: 7, tags: Self.tags, metadata: Self.metadata, metadataFrom: 3)
      var options = PluginHostOptions(http: HTTPClient())
      options.engine.segments = SegmentOptions()
      options.engine.logsRequests = true
      options.diagnostics = { _ in }
      let host = try HeadlessHost(options: options)
      try host.loadPlugin(at: repositoryRoot.appendingPathComponent("plugins/dai.lua").path)
      let source = try SourceDescription(
        jsonText: """
          {"sources": [{"src": "https://dai.invalid/unused.m3u8", "type": "application/x-mpegurl",
            "ssai": {"integration": "google-dai", "availabilityType": "live", "assetKey": "asset-1",
            "baseUrl": "\(server.baseURL)"}}]}
          """)
      host.player.autoplay = true
      host.player.setSource(source)
      _ = host.player.run(until: 60)
      let entries = host.player.log.entries
      func seconds(_ entry: LogEntry) -> Double { Double(entry.micros) / 1_000_000 }
      let requests = entries.filter { $0.kind == .request }
      let pings = requests.compactMap { entry -> String? in
        guard let address = entry.fields["url"]?.stringValue, let range = address.range(of: "/media/") else {
          return nil
        }
        return "\(address[range.upperBound...])@\(seconds(entry))"
      }
      let polls = requests.filter { $0.fields["url"]?.stringValue?.hasSuffix("/metadata") == true }.map(
        seconds)
      let events = entries.filter { [LogKind.addad, .adbegin, .adend, .adbreakend].contains($0.kind) }.map {
        "\($0.kind) \($0.adId ?? "-")@\(seconds($0))"
      }
      let errors = entries.filter { $0.kind == .aderror || $0.kind == .error }.map { "\($0.fields)" }
      return (pings, events, polls, errors)
    }
    #expect(errors.isEmpty, "\(errors)")
    #expect(
      pings == [
        "google_live1_start_0001@18.0", "google_live1_mid_0001@21.0", "google_live1_end_0001@23.5",
        "google_other_0001@30.0",
      ])
    // Polled at once and every polling_frequency (5 s); the break is known from the third poll.
    #expect(Array(polls.prefix(3)) == [0, 5, 10])
    #expect(events.first == "addad live1@10.0")
    #expect(events.contains("adbegin live1@18.0"))
    #expect(events.contains("adend live1@24.0"))
  }
}

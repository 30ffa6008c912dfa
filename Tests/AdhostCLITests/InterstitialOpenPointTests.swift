import Foundation
import LoopbackHTTP
import TestFiles
import Testing

/// The open points of HLS Interstitials decided in docs/interstitials.md ("Open points"), played
/// by the host against a real server.
@Suite struct InterstitialOpenPointTests {
  /// A 30 s VOD playlist whose date ranges (after the header) are `dateRanges`; `/list.json`
  /// answers `list`, `/ad.m3u8` is one 5 s asset.
  func run(_ dateRanges: [String], list: String) async throws -> RunResult {
    let server = try LoopbackServer()
    let playlist =
      InterstitialPlayerTests.header + "\n" + dateRanges.joined(separator: "\n") + "\n"
      + (0..<3).map { "#EXTINF:10,\ns\($0).ts" }.joined(separator: "\n") + "\n#EXT-X-ENDLIST\n"
    server.route("/content/index.m3u8") { _ in .text(playlist, type: "application/vnd.apple.mpegurl") }
    server.route("/ad.m3u8") { _ in
      .text(
        "#EXTM3U\n#EXT-X-TARGETDURATION:5\n#EXTINF:5,\na.ts\n#EXT-X-ENDLIST\n",
        type: "application/vnd.apple.mpegurl")
    }
    server.route("/list.json") { _ in .text(list, type: "application/json") }
    let scratch = try Scratch()
    let plugin = try scratch.write("plugin.lua", InterstitialPlayerTests.plugin)
    let source = try scratch.write(
      "source.json",
      #"{"sources": {"src": ""# + server.baseURL.absoluteString
        + #"/content/index.m3u8", "ssai": {"integration": "watch"}}}"#)
    return await adhost(["run", plugin, source, "--json"])
  }

  static func dateRange(_ id: String, _ attributes: String) -> String {
    #"#EXT-X-DATERANGE:ID="\#(id)",CLASS="com.apple.hls.interstitial",START-DATE="2026-11-29T12:00:10.000Z","#
      + attributes
  }

  static let oneAsset = #"{"ASSETS": [{"URI": "/ad.m3u8", "DURATION": 5}]}"#

  @Test func interstitialsSharingAStartDatePlayInOrderAndResumeAtTheFurthestOffset() async throws {
    let run = try await run(
      [
        Self.dateRange("ad1", #"X-ASSET-LIST="/list.json",X-RESUME-OFFSET=5"#),
        Self.dateRange("ad2", #"X-ASSET-LIST="/list.json",X-RESUME-OFFSET=3"#),
      ], list: Self.oneAsset)
    #expect(run.code == 0, "\(run.errors)")
    #expect(run.events("interstitialstart").compactMap { $0["t"] as? Double } == [10, 15])
    // Each offset counts from the shared START-DATE (not from the one before): 10 + max(5, 3).
    let last = try #require(run.events("interstitialend").last)
    #expect(last["resumeTime"] as? Double == 15)
    #expect(InterstitialPlayerTests.time(run, "ended") == 35)
  }

  @Test func anEmptyAssetListWithoutResumeOffsetResumesWhereItPaused() async throws {
    let run = try await run([Self.dateRange("ad1", #"X-ASSET-LIST="/list.json""#)], list: #"{"ASSETS": []}"#)
    #expect(run.code == 0, "\(run.errors)")
    #expect(run.events("interstitialassetstart").isEmpty)
    let end = try #require(run.events("interstitialend").first)
    #expect(end["resumeTime"] as? Double == 10)
    #expect(InterstitialPlayerTests.time(run, "ended") == 30)
  }

  @Test func anEmptyAssetListWithADurationSkipsThatMuchContent() async throws {
    let run = try await run(
      [Self.dateRange("ad1", #"X-ASSET-LIST="/list.json",DURATION=12"#)], list: #"{"ASSETS": []}"#)
    #expect(run.code == 0, "\(run.errors)")
    let end = try #require(run.events("interstitialend").first)
    #expect(end["resumeTime"] as? Double == 22)
    #expect(InterstitialPlayerTests.time(run, "ended") == 18)
  }

  @Test func aLegacyXCuePreRollPlaysBeforeTheContent() async throws {
    let run = try await run(
      [Self.dateRange("ad1", #"X-ASSET-LIST="/list.json",X-CUE="PRE""#)], list: Self.oneAsset)
    #expect(run.code == 0, "\(run.errors)")
    #expect(InterstitialPlayerTests.time(run, "interstitialstart") == 0)
    #expect(InterstitialPlayerTests.time(run, "ended") == 35)
  }
}

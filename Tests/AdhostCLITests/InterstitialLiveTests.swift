import Foundation
import LoopbackHTTP
import TestFiles
import Testing

/// Interstitials of a live playlist that changes between loads, and the skip control.
@Suite struct InterstitialLiveTests {
  /// Logs each interstitial event, and at `skipAt` seconds asks to skip the interstitial.
  static func plugin(skipAt: [Double]) -> String {
    let times = skipAt.map { "\($0)" }.joined(separator: ", ")
    return """
      player.ads:registerServerSideIntegration("watch", function()
        for _, at in ipairs({\(times)}) do
          timer.after(at, function()
            local ok, refusal = player:skipInterstitial()
            log.info(string.format("skip at %g: %s %s", timer.now(), tostring(ok), tostring(refusal)))
          end)
        end
        return {}
      end)
      """
  }

  /// A live playlist (2 s segments) with an interstitial at 2 s whose `X-PLAYOUT-LIMIT` is
  /// `firstLimit` in the first two loads (at 0 and 2 s) and `laterLimit` in the others (from 4 s, while it plays); its asset lasts 10 s.
  func run(
    firstLimit: Double, laterLimit: Double, extra: String = "", skipAt: [Double] = [], until: Double = 12
  ) async throws -> (RunResult, LoopbackServer) {
    let server = try LoopbackServer()
    let loads = LoadCounter()
    server.route("/live/index.m3u8") { _ in
      let limit = loads.next() < 2 ? firstLimit : laterLimit
      let text =
        "#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXT-X-PROGRAM-DATE-TIME:2026-11-29T12:00:00.000Z\n"
        + #"#EXT-X-DATERANGE:ID="ad",CLASS="com.apple.hls.interstitial",START-DATE="2026-11-29T12:00:02.000Z","#
        + #"X-ASSET-URI="/ad.m3u8",X-PLAYOUT-LIMIT=\#(limit)\#(extra)"# + "\n"
        + (0..<4).map { "#EXTINF:2,\ns\($0).ts" }.joined(separator: "\n") + "\n"
      return .text(text, type: "application/vnd.apple.mpegurl")
    }
    server.route("/ad.m3u8") { _ in
      .text(
        "#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\na.ts\n#EXT-X-ENDLIST\n",
        type: "application/vnd.apple.mpegurl")
    }
    let scratch = try Scratch()
    let plugin = try scratch.write("plugin.lua", Self.plugin(skipAt: skipAt))
    let source = try scratch.write(
      "source.json",
      #"{"sources": {"src": ""# + server.baseURL.absoluteString
        + #"/live/index.m3u8", "ssai": {"integration": "watch"}}}"#)
    return (await adhost(["run", plugin, source, "--json", "--until", "\(until)"]), server)
  }

  @Test func aReloadThatShortensThePlayoutLimitEndsThePlayingAssetThere() async throws {
    let (run, server) = try await run(firstLimit: 8, laterLimit: 4)
    #expect(run.code == 0, "\(run.errors)")
    #expect(server.requests(for: "/live/index.m3u8").count > 1)
    let end = try #require(run.events("interstitialassetend").first)
    #expect(end["t"] as? Double == 6)
    #expect(end["played"] as? Double == 4 && end["reason"] as? String == "playout-limit")
    // No X-RESUME-OFFSET nor DURATION: the content resumes 4 s (what played) after the start.
    #expect(run.events("interstitialend").first?["resumeTime"] as? Double == 6)
  }

  @Test func aLimitAlreadyPassedEndsTheAssetAtOnce() async throws {
    let (run, _) = try await run(firstLimit: 9, laterLimit: 1)
    #expect(run.code == 0, "\(run.errors)")
    let end = try #require(run.events("interstitialassetend").first)
    // The reload at 4 s finds 2 s played, past the new 1 s limit.
    #expect(end["t"] as? Double == 4 && end["played"] as? Double == 2)
  }

  @Test func theSkipControlSaysWhenAnInterstitialMayBeSkipped() async throws {
    let control = ",X-SKIP-CONTROL-OFFSET=3,X-SKIP-CONTROL-DURATION=1"
    let (refused, _) = try await run(firstLimit: 10, laterLimit: 10, extra: control, skipAt: [1, 3, 6.5])
    #expect(refused.code == 0, "\(refused.errors)")
    #expect(refused.errors.contains("skip at 1: false no interstitial is playing"))
    #expect(
      refused.errors.contains(
        "skip at 3: false the interstitial ad may be skipped 3 s into it, 1 s have played"))
    #expect(
      refused.errors.contains(
        "skip at 6.5: false the skip control of the interstitial ad showed for 1 s only"))
    #expect(refused.events("interstitialend").first?["reason"] as? String == "ended")
    let (skipped, _) = try await run(firstLimit: 10, laterLimit: 10, extra: control, skipAt: [5.5])
    #expect(skipped.errors.contains("skip at 5.5: true nil"))
    let end = try #require(skipped.events("interstitialend").first)
    #expect(end["t"] as? Double == 5.5 && end["reason"] as? String == "skip")
    #expect(skipped.events("interstitialassetend").first?["reason"] as? String == "skip")
  }
}

/// A thread-safe counter for a server route.
final class LoadCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var value = 0

  func next() -> Int {
    lock.withLock {
      defer { value += 1 }
      return value
    }
  }
}

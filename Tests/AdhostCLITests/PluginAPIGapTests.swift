import Foundation
import LoopbackHTTP
import TestFiles
import Testing

/// Issue 41, the plugin API gaps a new user hit: a beacon credited to the ad it names, the
/// playhead macros, the final URL and redirects of `http` answers, and late joins — each over a
/// real server on 127.0.0.1, with the strict rules on.
@Suite struct PluginAPIGapTests {
  /// The `beacon` entries of a `--json` run as `event@ad`.
  private func beacons(_ run: RunResult) -> [String] {
    run.events("beacon").map { entry in
      let ad = (entry["ad"] as? [String: Any])?["id"] as? String ?? "-"
      return "\(entry["event"] ?? "?")@\(ad)"
    }
  }

  /// The URL of the `beacon` entry of `event`.
  private func url(_ run: RunResult, _ event: String) -> String {
    run.events("beacon").first { $0["event"] as? String == event }?["url"] as? String ?? "none"
  }

  @Test func aBeaconNamingItsAdIsCreditedToItAfterTheNextAdBegan() async throws {
    let run = try await strictRun(
      """
      local a2 = controller:createAd({ type = "linear", id = "a2", duration = 4 }, adBreak)
      local function named(event, which) beacon.send(base .. "/" .. event, event, { ad = which }) end
      at(0, function() controller:beginAd(ad); send("impression"); send("start") end)
      at(1, function() controller:updateAdProgress(ad, 0.25); send("firstQuartile") end)
      at(2, function() controller:updateAdProgress(ad, 0.5); send("midpoint") end)
      at(3, function() controller:updateAdProgress(ad, 0.75); send("thirdQuartile") end)
      at(4, function()
        controller:updateAdProgress(ad, 1)
        controller:endAd(ad)
        controller:beginAd(a2)
        named("complete", ad)
        beacon.send(base .. "/impression2", "impression", function(results)
          log.info("onResults alone: " .. tostring(results[1].status))
        end)
        log.info("unknown: " .. select(2, pcall(beacon.send, base .. "/x", "x", { add = ad })))
        log.info("not an ad: " .. select(2, pcall(beacon.send, base .. "/x", "x", { ad = adBreak })))
      end)
      at(8, function() controller:endAd(a2) end)
      """, arguments: ["--json"])
    #expect(run.code == 0, "\(run.output)\n\(run.errors)")
    #expect(beacons(run).contains("complete@a1"), "\(beacons(run))")
    #expect(beacons(run).contains("impression@a2"), "\(beacons(run))")
    #expect(run.errors.contains("onResults alone: 204"), "\(run.errors)")
    #expect(
      run.errors.contains(#"beacon.send: unknown option "add" (expected ad, onResults)"#), "\(run.errors)")
    #expect(run.errors.contains("beacon.send: options.ad must be an Ad, got AdBreak"), "\(run.errors)")
  }

  @Test func playheadMacrosAreFilledWithOrWithoutAnAd() async throws {
    let macros = "?ap=[ADPLAYHEAD]&mp=[MEDIAPLAYHEAD]&cp=[CONTENTPLAYHEAD]"
    let run = try await strictRun(
      """
      local function probe(event, which)
        beacon.send(base .. "/" .. event .. "\(macros)", event, which and { ad = which } or nil)
      end
      at(0, function() controller:beginAd(ad); send("impression"); send("start"); probe("begun") end)
      at(2, function() controller:updateAdProgress(ad, 0.5); probe("half") end)
      at(4, function() controller:updateAdProgress(ad, 1); controller:endAd(ad) end)
      at(5, function() probe("noAd"); probe("named", ad) end)
      """, arguments: ["--json"])
    #expect(
      url(run, "begun").hasSuffix("/begun?ap=00%3A00%3A00.000&mp=00%3A00%3A00.000&cp=00%3A00%3A00.000"),
      "\(url(run, "begun"))")
    #expect(
      url(run, "half").hasSuffix("/half?ap=00%3A00%3A02.000&mp=00%3A00%3A02.000&cp=00%3A00%3A02.000"),
      "\(url(run, "half"))")
    #expect(
      url(run, "noAd").hasSuffix("/noAd?ap=-1&mp=00%3A00%3A05.000&cp=00%3A00%3A05.000"), "\(url(run, "noAd"))"
    )
    #expect(
      url(run, "named").hasSuffix("/named?ap=00%3A00%3A04.000&mp=00%3A00%3A05.000&cp=00%3A00%3A05.000"),
      "\(url(run, "named"))")
  }

  @Test func anAnswerCarriesTheFinalURLAndTheRedirectsFollowed() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.route("/start") { _ in .redirect(to: "/moved", status: 301) }
    server.route("/moved") { _ in .redirect(to: "/target/sid123/master.m3u8") }
    server.fallback { request in .text("at " + request.path) }
    let run = try await runSetSource(
      """
      local answer = http.get("\(server.baseURL.absoluteString)/start")
      local chain = {}
      for _, hop in ipairs(answer.redirects) do chain[#chain + 1] = hop.status .. " " .. hop.url end
      log.info("final: " .. answer.status .. " " .. answer.url .. " " .. answer.body)
      log.info("redirects: " .. table.concat(chain, ", "))
      local direct = http.get("\(server.baseURL.absoluteString)/target/x")
      log.info("direct: " .. direct.url .. " " .. #direct.redirects)
      """)
    let base = server.baseURL.absoluteString
    #expect(run.code == 0, "\(run.errors)")
    #expect(
      run.errors.contains("final: 200 \(base)/target/sid123/master.m3u8 at /target/sid123/master.m3u8"),
      "\(run.output)")
    #expect(run.errors.contains("redirects: 301 \(base)/start, 302 \(base)/moved"), "\(run.errors)")
    #expect(run.errors.contains("direct: \(base)/target/x 0"), "\(run.errors)")
  }

  /// `beginAd(ad, {at = 2.5})` at 0 on a 4 s ad: its progress starts at 62.5 %, the first
  /// quartile and the midpoint never fire, the third fires at 0.5 s and the ad ends at 1.5 s;
  /// the strict rules accept it, timing it from its true start.
  @Test func aLateJoinBeginsPartWayAndTheStrictRulesTakeItsTrueStart() async throws {
    let run = try await strictRun(
      """
      at(0, function() controller:beginAd(ad, { at = 2.5 }); send("impression"); send("start") end)
      at(0.5, function() controller:updateAdProgress(ad, 0.75); send("thirdQuartile") end)
      at(1.5, function() controller:updateAdProgress(ad, 1); send("complete"); controller:endAd(ad) end)
      at(2, function()
        log.info("too far: " .. select(2, pcall(controller.beginAd, controller, ad, { at = 5 })))
        log.info("unknown: " .. select(2, pcall(controller.beginAd, controller, ad, { from = 1 })))
      end)
      """, arguments: ["--json"])
    #expect(run.code == 0, "\(run.output)\n\(run.errors)")
    let begin = run.events("adbegin").first
    #expect(begin?["joinedAt"] as? Double == 2.5, "\(String(describing: begin))")
    #expect(run.events("adfirstquartile").isEmpty && run.events("admidpoint").isEmpty)
    #expect(run.events("adthirdquartile").count == 1)
    #expect(
      run.errors.contains(
        "beginAd: at must be a finite number of seconds from 0 to the ad's duration, 4, got 5"),
      "\(run.errors)")
    #expect(run.errors.contains(#"beginAd: unknown option "from" (expected at)"#), "\(run.errors)")
  }
}

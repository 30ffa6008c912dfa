import Foundation
import TestFiles
import Testing

/// The plugin API's modules, driven from a plugin's `setSource` against a server on 127.0.0.1.
@Suite struct LuaAPITests {
  /// Runs `body` as the plugin's `setSource` (with `controller` and `source` in scope); what it
  /// logs with `log.warn` comes back as the run's `log` entries.
  func run(_ body: String, server: AdServer? = nil) async throws -> (RunResult, [String]) {
    let scratch = try Scratch()
    let base = server?.base ?? "http://127.0.0.1:9"
    let plugin = try scratch.write(
      "plugin.lua",
      """
      local base = "\(base)"
      local function say(...) log.warn(...) end
      player.ads:registerServerSideIntegration("test", function(controller)
        return { setSource = function(source)
          \(body)
          return true
        end }
      end)
      """)
    let run = await adhost([
      "run", plugin, try scratch.source(duration: 1, ssai: #"{"integration": "test", "n": 7}"#), "--json",
    ])
    return (run, run.events("log").compactMap { $0["message"] as? String })
  }

  @Test func httpGetAndPostReachTheServerAndReturnStatusHeadersAndBody() async throws {
    let server = try AdServer()
    server.server.route("/echo") { request in
      .text(
        "\(request.method) \(String(decoding: request.body, as: UTF8.self)) \(request.header("X-Test") ?? "")"
      )
    }
    let (run, said) = try await run(
      """
      local got = http.get(base .. "/echo", { headers = { ["X-Test"] = "yes" } })
      say(got.status, got.body, got.headers["content-type"])
      local posted = http.post(base .. "/echo", "payload")
      say(posted.status, posted.body)
      local missing = http.get(base .. "/nothing")
      say(missing.status)
      local none, message = http.get("http://127.0.0.1:9/closed", { timeout = 1 })
      say(none == nil, type(message))
      """, server: server)
    #expect(run.code == 0, "\(run.errors)")
    #expect(
      said == [
        "200 GET  yes text/plain; charset=utf-8", "200 POST payload ", "404", "true string",
      ])
  }

  @Test func plainHTTPToAnotherHostIsRefusedWithoutAllowHTTP() async throws {
    let (run, said) = try await run(
      #"local none, message = http.get("http://ads.example/tag") say(none == nil, message)"#)
    #expect(run.code == 0, "\(run.errors)")
    #expect(said.first?.hasPrefix("true ") == true)
    #expect(said.first?.contains("http://ads.example/tag") == true, "\(said)")
  }

  @Test func jsonURLAndSourceAreAsDocumented() async throws {
    let (run, said) = try await run(
      """
      say(json.encode({ a = 1, b = { true, "x" } }))
      local decoded = json.decode('{"n": 5, "list": [1, null, 3], "f": 1.5}')
      say(decoded.n, math.type(decoded.n), decoded.list[2] == json.null, #decoded.list, decoded.f)
      say(select(2, json.decode("{bad")) ~= nil)
      say(url.encode("a b&c/é"), url.query({ w = 640, plc = "x y", t = "app" }))
      say(source.sources[1].ssai.integration, source.sources[1].ssai.n, math.type(source.sources[1].ssai.n))
      say(type(timer.now()), player.duration ~= player.duration)
      """)
    #expect(run.code == 0, "\(run.errors)")
    #expect(
      said == [
        #"{"a":1,"b":[true,"x"]}"#, "5 integer true 3 1.5", "true",
        "a%20b%26c%2F%C3%A9 plc=x%20y&t=app&w=640",
        "test 7 integer", "number true",
      ])
  }

  @Test func stringsThatAreNotUTF8AreBytesWhereBytesWorkAndAClearErrorWhereTextIsNeeded() async throws {
    let (run, said) = try await run(
      """
      say(url.encode("\\xff a"), url.query({ k = "\\xfe" }))
      say(select(2, pcall(json.encode, { list = { "ok", "\\xff" } })))
      say(select(2, pcall(function() controller:createAd({ type = "linear", id = "\\xff" }) end)))
      say("bad \\xff")
      """)
    #expect(run.code == 0, "\(run.errors)")
    try #require(said.count == 4, "\(said)")
    #expect(said[0] == "%FF%20a k=%FE")
    #expect(said[1].hasSuffix("plugin.lua:6: value.list[2]: the string is not UTF-8 text, which JSON needs"))
    #expect(said[2].hasSuffix("plugin.lua:7: createAd: init.id must be UTF-8 text, and the string is not"))
    #expect(said[3] == "bad \u{FFFD}")
  }

  @Test func adsAreTheSameValueEveryTimeAndMethodsNeedAColon() async throws {
    let (run, said) = try await run(
      """
      local brk = controller:createAdBreak({ timeOffset = 30, maxDuration = 20 })
      local ad = controller:createAd({ type = "linear", id = "x", duration = 10, skipOffset = 5 }, brk)
      local seen = { [ad] = "found" }
      say(controller.ads[1] == ad, seen[brk.ads[1]], ad.adBreak.timeOffset, tostring(ad))
      say(select(2, pcall(controller.beginAd, ad)))
      say(select(2, pcall(function() controller:createAdBreak({ timeOffset = 30 }) end)))
      say(select(2, pcall(function() controller:updateAdProgress(ad, 0.5) end)))
      say(select(2, pcall(function() controller:createAd({ id = "no type" }) end)))
      """)
    #expect(run.code == 0, "\(run.errors)")
    #expect(said.count == 5)
    #expect(said.first == #"true found 30 Ad linear "x" 10s skip@5 in break@30"#)
    #expect(
      said.dropFirst().first?.contains(
        "beginAd is a method: call it with a colon, as controller:beginAd(...)") == true, "\(said)")
    #expect(said.dropFirst(2).allSatisfy { $0.contains("plugin.lua:") }, "\(said)")
  }

  @Test func vastParseAndSelectMediaReadTheDocument() async throws {
    let inline = AdServer.inline(base: "http://127.0.0.1:9", duration: "00:00:12.5", skipOffset: "25%")
      .replacingOccurrences(of: "\n", with: " ")
    let (run, said) = try await run(
      """
      local ads = vast.parse([==[\(inline)]==])
      local ad = ads[1]
      say(#ads, ad.id, ad.duration, ad.skipOffset, ad.adSystem, #ad.mediaFiles, ad.tracking[1].event)
      local media = vast.selectMedia(ad, { width = 1280, height = 720 })
      say(media.url, media.width)
      local none, failure = vast.parse("<not vast")
      say(none == nil, failure.code)
      local small = vast.selectMedia(ad, { width = 320, height = 180, maxBitrate = 100 })
      say(small.url)
      """)
    #expect(run.code == 0, "\(run.errors)")
    #expect(
      said == [
        "1 ad-1 12.5 3.125 Test DSP 2 start", "https://media.example/640.mp4 640", "true 100",
        "https://media.example/640.mp4",
      ])
  }
}

import Foundation
import Testing

/// `vast.parseVMAP(xml)` from a plugin (issue 15, item 3).
@Suite struct VMAPLuaTests {
  @Test func parseVMAPReturnsTheSchedule() async throws {
    let vmap = """
      <vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0">
      <vmap:AdBreak timeOffset="start" breakType="linear" breakId="pre">
      <vmap:AdSource id="s1" allowMultipleAds="true"><vmap:VASTAdData><VAST version="4.0"><Ad id="a1"><InLine>
      <AdSystem>t</AdSystem><Creatives><Creative><Linear><Duration>00:00:07</Duration><MediaFiles>
      <MediaFile delivery="progressive" type="video/mp4" width="640" height="360">https://m.example/a.mp4</MediaFile>
      </MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST></vmap:VASTAdData></vmap:AdSource>
      <vmap:TrackingEvents><vmap:Tracking event="breakStart">https://t.example/start</vmap:Tracking></vmap:TrackingEvents>
      </vmap:AdBreak>
      <vmap:AdBreak timeOffset="25%" breakType="linear" repeatAfter="00:01:00">
      <vmap:AdSource><vmap:AdTagURI templateType="vast4">https://ads.example/mid</vmap:AdTagURI></vmap:AdSource>
      </vmap:AdBreak>
      <vmap:AdBreak timeOffset="#3" breakType="popup"/>
      </vmap:VMAP>
      """.replacingOccurrences(of: "\n", with: " ")
    let (run, said) = try await LuaAPITests().run(
      """
      local s = vast.parseVMAP([==[\(vmap)]==])
      local pre, mid, bad = s.adBreaks[1], s.adBreaks[2], s.adBreaks[3]
      say(s.version, #s.adBreaks, pre.breakId, pre.timeOffset, pre.offset.kind, pre.source.kind, pre.source.id,
        pre.source.allowMultipleAds, #pre.source.ads, pre.source.ads[1].id, pre.source.ads[1].duration,
        pre.tracking[1].event, pre.tracking[1].url)
      say(mid.timeOffset, mid.offset.kind, mid.offset.value, mid.repeatAfter, mid.source.kind, mid.source.url,
        mid.source.templateType)
      say(bad.offset.kind, bad.offset.value, bad.error.code)
      local none, failure = vast.parseVMAP("<vmap:VMAP xmlns:vmap='v' version='2.0'/>")
      say(none == nil, failure.code, failure.message)
      """)
    #expect(run.code == 0, "\(run.errors)")
    #expect(
      said == [
        "1.0 3 pre start start vast s1 true 1 a1 7 breakStart https://t.example/start",
        "25% percent 25 60 adTagURI https://ads.example/mid vast4",
        "position 3 1003",
        "true 1001 line 1: VMAP version '2.0' is not supported (expected 1.0)",
      ], "\(said)")
  }

  @Test func loadVMAPLoadsTheScheduleOverHTTPWithVMAPErrorCodes() async throws {
    let server = try AdServer()
    let base = server.base
    server.server.route("/vmap.xml") { _ in
      .text(
        """
        <vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0.1">
        <vmap:AdBreak timeOffset="end" breakType="linear" breakId="post"><vmap:AdSource>
        <vmap:AdTagURI templateType="vast4">\(base)/inline.xml</vmap:AdTagURI></vmap:AdSource></vmap:AdBreak>
        </vmap:VMAP>
        """, type: "application/xml")
    }
    server.server.route("/broken.xml") { _ in .text(#"{"not": "xml"}"#, type: "application/json") }
    let (run, said) = try await LuaAPITests().run(
      """
      local s = vast.loadVMAP(base .. "/vmap.xml", { timeout = 2 })
      say(s.version, #s.adBreaks, s.adBreaks[1].breakId, s.adBreaks[1].offset.kind, s.adBreaks[1].source.url == base .. "/inline.xml")
      local none, missing = vast.loadVMAP(base .. "/nothing.xml")
      say(none == nil, missing.code, missing.message == base .. "/nothing.xml: HTTP status 404")
      local _, broken = vast.loadVMAP(base .. "/broken.xml")
      say(broken.code, broken.message:find(base .. "/broken.xml: ", 1, true) == 1)
      local _, bad = vast.loadVMAP("not a url")
      say(bad.code)
      local ok, err = pcall(vast.loadVMAP, base .. "/vmap.xml", { timeout = -1 })
      say(ok, err:match("vast%.loadVMAP:.*"))
      """, server: server)
    #expect(run.code == 0, "\(run.errors)")
    #expect(
      said == [
        "1.0.1 1 post end true",
        "true 1008 true",
        "1002 true",
        "1008",
        "false vast.loadVMAP: opts.timeout must be a number of seconds above 0 and at most 3600, got -1",
      ], "\(said)")
    #expect(server.server.requests(for: "/inline.xml").isEmpty)
  }
}

import TestFiles
import Testing

/// `adhost vast` prints its `issue:` lines from the rule catalogue: rule id and severity.
@Suite struct VASTIssueTests {
  /// A playable ad whose Impression URL is plain http (`url-http`, a warning, on line 6).
  static let httpImpression = """
    <VAST version="4.2">
      <Ad id="1">
        <InLine>
          <AdSystem>s</AdSystem>
          <AdTitle>t</AdTitle>
          <Impression><![CDATA[http://t.example/i]]></Impression>
          <AdServingId>x</AdServingId>
          <Creatives>
            <Creative>
              <UniversalAdId idRegistry="ad-id.org">u1</UniversalAdId>
              <Linear>
                <Duration>00:00:10</Duration>
                <MediaFiles>
                  <MediaFile delivery="progressive" type="video/mp4" width="640" height="360"><![CDATA[https://cdn.example/a.mp4]]></MediaFile>
                </MediaFiles>
              </Linear>
            </Creative>
          </Creatives>
        </InLine>
      </Ad>
    </VAST>
    """

  @Test func issuesComeFromTheCatalogue() async throws {
    let scratch = try Scratch()
    let path = try scratch.write("tag.xml", Self.httpImpression)
    let run = await adhost(["vast", path])
    #expect(run.code == 0, "\(run.output)\n\(run.errors)")
    #expect(
      run.output.contains("issue: line 6:7: warning [url-http] <Impression> URL is http: http://t.example/i"),
      "\(run.output)")
    let check = await adhost(["check", path])
    let issues = run.output.split(separator: "\n").filter { $0.hasPrefix("issue: ") }
    #expect(issues.count == check.output.split(separator: "\n").count - 1, "\(run.output)\n\(check.output)")
    let json = await adhost(["vast", path, "--json"])
    #expect(json.output.contains(#""rule" : "url-http""#), "\(json.output)")
    #expect(json.output.contains(#""severity" : "warning""#), "\(json.output)")
  }

  @Test func aVMAPSchedulesIssuesComeFromTheCatalogueToo() async throws {
    let scratch = try Scratch()
    let path = try scratch.write(
      "schedule.xml",
      """
      <vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0">
        <vmap:AdBreak timeOffset="start" breakType="linear" breakId="pre">
          <vmap:AdSource id="pre" allowMultipleAds="false" followRedirects="true">
            <vmap:AdTagURI templateType="vast4"><![CDATA[http://ads.example/pre.xml]]></vmap:AdTagURI>
          </vmap:AdSource>
        </vmap:AdBreak>
      </vmap:VMAP>
      """)
    let run = await adhost(["vast", path])
    #expect(run.output.hasSuffix("issue: line 4:7: warning [vmap-url-http] an http URL\n"), "\(run.output)")
  }
}

import Foundation
import Testing

/// A non-linear VAST ad in Lua: its `nonLinearAds` table, and `createAd{type = "nonlinear",
/// vast = ad}` taking its resource, size, click-through and `minSuggestedDuration`.
@Suite struct NonLinearLuaTests {
  @Test func aNonLinearAdIsReadAndCreated() async throws {
    let document = """
      <VAST version="4.1"><Ad id="overlay"><InLine><AdSystem>s</AdSystem><AdTitle>t</AdTitle>
      <Impression>https://imp.example/</Impression><Creatives><Creative><NonLinearAds>
      <NonLinear id="nl" width="480" height="70" scalable="true" minSuggestedDuration="00:00:05" apiFramework="none">
      <StaticResource creativeType="image/png">https://cdn.example/overlay.png</StaticResource>
      <HTMLResource><![CDATA[<b>hi</b>]]></HTMLResource>
      <NonLinearClickThrough>https://advertiser.example/</NonLinearClickThrough>
      <NonLinearClickTracking>https://t.example/nl-click</NonLinearClickTracking></NonLinear>
      <TrackingEvents><Tracking event="creativeView">https://t.example/nl-view</Tracking></TrackingEvents>
      </NonLinearAds></Creative></Creatives></InLine></Ad></VAST>
      """.replacingOccurrences(of: "\n", with: " ")
    let (run, said) = try await LuaAPITests().run(
      """
      local ad = vast.parse([==[\(document)]==])[1]
      local nl = ad.nonLinearAds[1]
      say(#ad.nonLinearAds, nl.id, nl.width, nl.height, nl.scalable, nl.minSuggestedDuration, nl.apiFramework)
      say(nl.resources[1].type, nl.resources[1].creativeType, nl.resources[1].value, nl.resources[2].type)
      say(nl.clickThrough, nl.clickTracking[1], nl.tracking[1].event, nl.tracking[1].url, ad.duration)
      local created = controller:createAd({ type = "nonlinear", timeOffset = 0, vast = ad })
      say(created.type, created.resourceURI, created.width, created.height, created.duration, created.clickThrough)
      """)
    #expect(run.code == 0, "\(run.errors)")
    #expect(
      said == [
        "1 nl 480 70 true 5 none",
        "static image/png https://cdn.example/overlay.png html",
        "https://advertiser.example/ https://t.example/nl-click creativeView https://t.example/nl-view 5",
        "nonlinear https://cdn.example/overlay.png 480 70 5 https://advertiser.example/",
      ], "\(said)")
  }
}

import Foundation
import LoopbackHTTP

/// An ad server for the verification, companion and icon tests: a wrapper at `/outer` around
/// the InLine at `/inline`, verification scripts under `/omid/`, beacons answered 204.
enum VASTExtrasServer {
  /// Stands for the server's base URL in the verifications given to `start`.
  static let base = "{BASE}"

  /// A `<Verification>` of `vendor` whose script is `/omid/<script>` (apiFramework `framework`),
  /// reporting `verificationNotExecuted` to `/nx?vendor=…&reason=[REASON]`.
  static func verification(_ base: String, vendor: String, script: String, framework: String = "omid")
    -> String
  {
    """
    <Verification vendor="\(vendor)">
    <JavaScriptResource apiFramework="\(framework)" browserOptional="false"><![CDATA[\(base)/omid/\(script)]]></JavaScriptResource>
    <TrackingEvents><Tracking event="verificationNotExecuted"><![CDATA[\(base)/nx?vendor=\(vendor)&reason=[REASON]]]></Tracking></TrackingEvents>
    <VerificationParameters><![CDATA[id=\(vendor)]]></VerificationParameters>
    </Verification>
    """
  }

  static func start(
    wrapperVerifications: String = "", inLineVerifications: String = "", inLineExtensions: String = ""
  )
    throws -> LoopbackServer
  {
    let server = try LoopbackServer()
    let base = server.baseURL.absoluteString
    let wrapperVerifications = wrapperVerifications.replacingOccurrences(of: Self.base, with: base)
    let inLineVerifications = inLineVerifications.replacingOccurrences(of: Self.base, with: base)
    let inLineExtensions = inLineExtensions.replacingOccurrences(of: Self.base, with: base)
    let outer = """
      <VAST version="4.1"><Ad id="w"><Wrapper><AdSystem>t</AdSystem>
      <Impression><![CDATA[\(base)/t/wrapper-impression]]></Impression>
      <VASTAdTagURI><![CDATA[\(base)/inline]]></VASTAdTagURI>
      <AdVerifications>\(wrapperVerifications)</AdVerifications>
      <Creatives><Creative><CompanionAds><Companion width="300" height="250">
      <TrackingEvents><Tracking event="creativeView"><![CDATA[\(base)/t/wrapper-companion-view]]></Tracking></TrackingEvents>
      <CompanionClickTracking><![CDATA[\(base)/t/wrapper-companion-click]]></CompanionClickTracking>
      </Companion></CompanionAds></Creative></Creatives>
      </Wrapper></Ad></VAST>
      """
    let inLine = """
      <VAST version="4.1"><Ad id="ad-1"><InLine><AdSystem>t</AdSystem><AdTitle>t</AdTitle>
      <Impression><![CDATA[\(base)/t/impression]]></Impression>
      <AdVerifications>\(inLineVerifications)</AdVerifications>
      <Creatives><Creative><Linear><Duration>00:00:04</Duration>
      <MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="640" height="360">
      <![CDATA[\(base)/media.mp4]]></MediaFile></MediaFiles>
      <VideoClicks><ClickThrough><![CDATA[https://advertiser.example/]]></ClickThrough>
      <ClickTracking><![CDATA[\(base)/t/ad-click]]></ClickTracking></VideoClicks>
      <Icons><Icon program="AdChoices" width="20" height="20" xPosition="right" yPosition="top"
        offset="00:00:01" duration="00:00:02"><StaticResource creativeType="image/png"><![CDATA[\(base)/icon.png]]></StaticResource>
      <IconClicks><IconClickThrough><![CDATA[https://adchoices.example/]]></IconClickThrough>
      <IconClickTracking><![CDATA[\(base)/t/icon-click]]></IconClickTracking></IconClicks>
      <IconViewTracking><![CDATA[\(base)/t/icon-view]]></IconViewTracking></Icon></Icons>
      </Linear></Creative>
      <Creative><CompanionAds required="any"><Companion id="c1" width="300" height="250" adSlotId="side">
      <StaticResource creativeType="image/png"><![CDATA[\(base)/companion.png]]></StaticResource>
      <AltText>Buy</AltText>
      <CompanionClickThrough><![CDATA[https://advertiser.example/companion]]></CompanionClickThrough>
      <CompanionClickTracking><![CDATA[\(base)/t/companion-click]]></CompanionClickTracking>
      <TrackingEvents><Tracking event="creativeView"><![CDATA[\(base)/t/companion-view]]></Tracking></TrackingEvents>
      </Companion></CompanionAds></Creative></Creatives>
      \(inLineExtensions)
      </InLine></Ad></VAST>
      """
    server.route("/outer") { _ in .text(outer, type: "application/xml") }
    server.route("/inline") { _ in .text(inLine, type: "application/xml") }
    server.fallback { request in
      if request.path.hasPrefix("/omid/missing") { return .notFound }
      if request.path.hasPrefix("/omid/") { return .text("/* omid */", type: "application/javascript") }
      return LoopbackResponse(status: 204)
    }
    return server
  }

  /// A plugin that loads the tag in `ssai.tag`, rejects the vendor in `ssai.reject` (if any),
  /// creates the first ad at 1 s with the VAST ad (and `ssai.companions`, when true, as
  /// THEOplayer companions it builds itself), and plays it over 4 s with progress each second.
  static let plugin = """
    player.ads:registerServerSideIntegration("t", function(controller)
      return {
        setSource = function(source)
          local ssai = source.sources[1].ssai
          local ads = assert(vast.load(ssai.tag))
          local ad = ads[1]
          if ssai.reject then
            assert(ad:rejectVerification(ssai.reject) == true)
            assert(ad:rejectVerification("nobody.example") == false)
          end
          local init = { type = "linear", timeOffset = 1, vast = ad }
          if ssai.companions then
            init.companions = { { adSlotId = "own", resourceURI = "https://own.example/c.png", width = 728, height = 90 } }
          end
          local created = controller:createAd(init)
          if ssai.companions then
            assert(#created.companions == 1 and created.companions[1].adSlotId == "own")
            assert(created.companions[1].width == 728)
          else
            local companion = created.companions[1]
            assert(#created.companions == 1 and companion.adSlotId == "side" and companion.altText == "Buy")
            assert(companion.resourceURI:match("/companion.png$") and companion.width == 300)
          end
          local vastCompanion = ad.companions[1]
          assert(#ad.companions == 1 and vastCompanion.required == "any" and vastCompanion.id == "c1")
          assert(vastCompanion.resources[1].type == "static" and vastCompanion.resources[1].creativeType == "image/png")
          assert(#vastCompanion.clickTracking == 2 and #vastCompanion.tracking == 2)
          local icon = ad.icons[1]
          assert(icon.program == "AdChoices" and icon.offset == 1 and icon.duration == 2)
          assert(icon.viewTracking[1]:match("/t/icon%-view$") and icon.xPosition == "right")
          assert(#ad.nonLinearAds == 0)
          for _, verification in ipairs(ad.adVerifications) do
            assert(verification.verificationParameters == "id=" .. verification.vendor)
            assert(verification.javaScriptResources[1].browserOptional == false)
            assert(verification.tracking[1].event == "verificationNotExecuted")
          end
          timer.after(1, function() controller:beginAd(created) end)
          for second = 1, 3 do
            timer.after(1 + second, function() controller:updateAdProgress(created, second / 4) end)
          end
          timer.after(5, function()
            controller:updateAdProgress(created, 1)
            controller:endAd(created)
          end)
          return true
        end,
      }
    end)
    """
}

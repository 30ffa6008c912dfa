/// Documents that break no rule of the catalogue (not even an info): each rule's test case
/// changes one of them to break its rule.
enum CleanDocuments {
  /// A VAST 4.2 InLine ad with a linear, a companion and a non-linear creative, icons,
  /// verification, captions, SIMID, mezzanine; every URL https and in CDATA.
  static let inline = """
    <?xml version="1.0" encoding="UTF-8"?>
    <VAST version="4.2" xmlns="http://www.iab.com/VAST">
      <Ad id="ad-1" sequence="1" adType="video">
        <InLine>
          <AdSystem version="1.0">adhost</AdSystem>
          <Error><![CDATA[https://ads.example/error?code=[ERRORCODE]]]></Error>
          <Impression id="imp"><![CDATA[https://ads.example/impression?cb=[CACHEBUSTING]]]></Impression>
          <Pricing model="cpm" currency="USD"><![CDATA[2.50]]></Pricing>
          <AdServingId>serving-1</AdServingId>
          <AdTitle>Clean ad</AdTitle>
          <AdVerifications>
            <Verification vendor="verifier.example-omid">
              <JavaScriptResource apiFramework="omid" browserOptional="true"><![CDATA[https://verifier.example/omid.js]]></JavaScriptResource>
              <TrackingEvents>
                <Tracking event="verificationNotExecuted"><![CDATA[https://verifier.example/ne?r=[REASON]]]></Tracking>
              </TrackingEvents>
              <VerificationParameters><![CDATA[{"id":1}]]></VerificationParameters>
            </Verification>
          </AdVerifications>
          <Category authority="https://iabtechlab.com">IAB1</Category>
          <Creatives>
            <Creative id="c1" sequence="1" adId="a1">
              <UniversalAdId idRegistry="ad-id.org">ABCD1234</UniversalAdId>
              <Linear skipoffset="00:00:05">
                <Icons>
                  <Icon program="AdChoices" width="20" height="20" xPosition="right" yPosition="top" offset="00:00:01" duration="00:00:10">
                    <StaticResource creativeType="image/png"><![CDATA[https://ads.example/icon.png]]></StaticResource>
                    <IconClicks>
                      <IconClickThrough><![CDATA[https://ads.example/choices]]></IconClickThrough>
                    </IconClicks>
                  </Icon>
                </Icons>
                <TrackingEvents>
                  <Tracking event="start"><![CDATA[https://ads.example/start]]></Tracking>
                  <Tracking event="progress" offset="00:00:10"><![CDATA[https://ads.example/progress10]]></Tracking>
                  <Tracking event="complete"><![CDATA[https://ads.example/complete]]></Tracking>
                </TrackingEvents>
                <Duration>00:00:15</Duration>
                <MediaFiles>
                  <MediaFile delivery="progressive" type="video/mp4" width="1280" height="720" bitrate="2000" scalable="true" maintainAspectRatio="true"><![CDATA[https://cdn.example/ad.mp4]]></MediaFile>
                  <MediaFile delivery="streaming" type="application/x-mpegURL" width="1280" height="720" minBitrate="500" maxBitrate="3000"><![CDATA[https://cdn.example/ad.m3u8]]></MediaFile>
                  <Mezzanine delivery="progressive" type="video/mp4" width="1920" height="1080"><![CDATA[https://cdn.example/mezz.mp4]]></Mezzanine>
                  <InteractiveCreativeFile type="text/html" apiFramework="SIMID" variableDuration="true"><![CDATA[https://cdn.example/simid.html]]></InteractiveCreativeFile>
                  <ClosedCaptionFiles>
                    <ClosedCaptionFile type="text/vtt" language="en-US"><![CDATA[https://cdn.example/cc.vtt]]></ClosedCaptionFile>
                  </ClosedCaptionFiles>
                </MediaFiles>
                <VideoClicks>
                  <ClickThrough id="ct"><![CDATA[https://brand.example/]]></ClickThrough>
                  <ClickTracking id="ctr"><![CDATA[https://ads.example/click]]></ClickTracking>
                </VideoClicks>
              </Linear>
            </Creative>
            <Creative id="c2">
              <UniversalAdId idRegistry="ad-id.org">ABCD1235</UniversalAdId>
              <CompanionAds required="any">
                <Companion width="300" height="250" renderingMode="default">
                  <StaticResource creativeType="image/jpeg"><![CDATA[https://cdn.example/c.jpg]]></StaticResource>
                  <CompanionClickThrough><![CDATA[https://brand.example/c]]></CompanionClickThrough>
                </Companion>
              </CompanionAds>
            </Creative>
            <Creative id="c3">
              <UniversalAdId idRegistry="ad-id.org">ABCD1236</UniversalAdId>
              <NonLinearAds>
                <NonLinear width="480" height="70" minSuggestedDuration="00:00:05" scalable="true">
                  <StaticResource creativeType="image/png"><![CDATA[https://cdn.example/nl.png]]></StaticResource>
                  <NonLinearClickThrough><![CDATA[https://brand.example/nl]]></NonLinearClickThrough>
                </NonLinear>
              </NonLinearAds>
            </Creative>
          </Creatives>
          <Expires>3600</Expires>
        </InLine>
      </Ad>
    </VAST>
    """

  /// A VAST 4.2 Wrapper.
  static let wrapper = """
    <VAST version="4.2" xmlns="http://www.iab.com/VAST">
      <Ad id="w1">
        <Wrapper followAdditionalWrappers="true" allowMultipleAds="false" fallbackOnNoAd="true">
          <AdSystem>adhost</AdSystem>
          <Error><![CDATA[https://ads.example/werror?code=[ERRORCODE]]]></Error>
          <Impression><![CDATA[https://ads.example/wimp]]></Impression>
          <Creatives>
            <Creative>
              <Linear>
                <TrackingEvents>
                  <Tracking event="firstQuartile"><![CDATA[https://ads.example/wq1]]></Tracking>
                </TrackingEvents>
              </Linear>
            </Creative>
          </Creatives>
          <VASTAdTagURI><![CDATA[https://ads.example/next.xml]]></VASTAdTagURI>
        </Wrapper>
      </Ad>
    </VAST>
    """

  /// A VMAP 1.0 schedule: a pre-roll by tag, a mid-roll with inline VAST, a post-roll of custom data.
  static let vmap = """
    <vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0">
      <vmap:AdBreak timeOffset="start" breakType="linear" breakId="pre">
        <vmap:AdSource id="pre-ad" allowMultipleAds="true" followRedirects="true">
          <vmap:AdTagURI templateType="vast4"><![CDATA[https://ads.example/pre.xml]]></vmap:AdTagURI>
        </vmap:AdSource>
        <vmap:TrackingEvents>
          <vmap:Tracking event="breakStart"><![CDATA[https://ads.example/bs]]></vmap:Tracking>
        </vmap:TrackingEvents>
      </vmap:AdBreak>
      <vmap:AdBreak timeOffset="00:10:00.000" breakType="linear" breakId="mid">
        <vmap:AdSource id="mid-ad">
          <vmap:VASTAdData>
            <VAST version="4.2" xmlns="http://www.iab.com/VAST">
              <Error><![CDATA[https://ads.example/noad]]></Error>
            </VAST>
          </vmap:VASTAdData>
        </vmap:AdSource>
      </vmap:AdBreak>
      <vmap:AdBreak timeOffset="end" breakType="linear,nonlinear" breakId="post">
        <vmap:AdSource id="post-ad">
          <vmap:CustomAdData templateType="proprietary"><![CDATA[<ad/>]]></vmap:CustomAdData>
        </vmap:AdSource>
      </vmap:AdBreak>
    </vmap:VMAP>
    """
}

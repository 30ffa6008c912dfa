/// Documents of the VAST 4.4 CTV additions and of DAAST that break nothing but the one rule
/// their kind always gives (`vast-version-newer`: 4.4 is a draft; `daast-superseded`).
extension CleanDocuments {
  /// A VAST 4.4 pause ad: a NonLinear with media files, a duration, SIMID beside a video, icons
  /// under NonLinearAds, a QR code, and its AdCOM signals.
  static let ctv = """
    <VAST version="4.4" xmlns="http://www.iab.com/VAST">
      <Ad id="pause-1">
        <InLine>
          <AdSystem>adhost</AdSystem>
          <Impression><![CDATA[https://ads.example/impression]]></Impression>
          <AdServingId>serving-1</AdServingId>
          <AdTitle>Pause ad</AdTitle>
          <Creatives>
            <Creative id="c1">
              <UniversalAdId idRegistry="ad-id.org">ABCD1237</UniversalAdId>
              <NonLinearAds>
                <NonLinear width="1920" height="1080" minSuggestedDuration="00:05">
                  <Duration>00:00:15</Duration>
                  <MediaFiles>
                    <MediaFile delivery="progressive" type="video/mp4" width="1920" height="1080" bitrate="4000"><![CDATA[https://cdn.example/pause.mp4]]></MediaFile>
                    <InteractiveCreativeFile type="text/html" apiFramework="SIMID"><![CDATA[https://cdn.example/simid.html]]></InteractiveCreativeFile>
                  </MediaFiles>
                  <NonLinearClickThrough><![CDATA[https://brand.example/pause]]></NonLinearClickThrough>
                </NonLinear>
                <Icons>
                  <Icon program="AdChoices" width="20" height="20" xPosition="right" yPosition="top">
                    <StaticResource creativeType="image/png"><![CDATA[https://ads.example/icon.png]]></StaticResource>
                  </Icon>
                </Icons>
              </NonLinearAds>
              <CreativeExtensions>
                <CreativeExtension type="qrcode">
                  <QrCodeScanUrl><![CDATA[https://brand.example/qr]]></QrCodeScanUrl>
                  <QrCodeImageUrl><![CDATA[https://cdn.example/qr.png]]></QrCodeImageUrl>
                  <QrCodePosition xPosition="10%" yPosition="70%"/>
                  <QrCodeSize size="15%"/>
                </CreativeExtension>
              </CreativeExtensions>
            </Creative>
          </Creatives>
          <Extensions>
            <Extension type="plcmt" ext="adcom"><plcmt>5</plcmt></Extension>
            <Extension type="pos" ext="adcom"><pos>7</pos></Extension>
            <Extension type="playbackmethod" ext="adcom"><playbackmethod>9</playbackmethod></Extension>
            <Extension type="attr" ext="adcom"><attr>23</attr></Extension>
          </Extensions>
        </InLine>
      </Ad>
    </VAST>
    """

  /// A DAAST 1.1 audio ad and a DAAST wrapper.
  static let daast = """
    <DAAST version="1.1">
      <Ad id="audio-1">
        <InLine>
          <AdSystem>adhost</AdSystem>
          <AdTitle>Audio ad</AdTitle>
          <Category>IAB1</Category>
          <Impression><![CDATA[https://ads.example/impression]]></Impression>
          <Creatives>
            <Creative>
              <Linear>
                <Duration>00:00:30</Duration>
                <MediaFiles>
                  <MediaFile delivery="progressive" type="audio/mpeg" bitrate="128"><![CDATA[https://cdn.example/ad.mp3]]></MediaFile>
                </MediaFiles>
                <AdInteractions>
                  <InteractionClickThrough><![CDATA[https://brand.example/]]></InteractionClickThrough>
                </AdInteractions>
              </Linear>
            </Creative>
          </Creatives>
        </InLine>
      </Ad>
      <Ad id="audio-2">
        <Wrapper>
          <AdSystem>adhost</AdSystem>
          <DAASTAdTagURI><![CDATA[https://ads.example/next.xml]]></DAASTAdTagURI>
          <Impression><![CDATA[https://ads.example/wrapper-impression]]></Impression>
        </Wrapper>
      </Ad>
    </DAAST>
    """
}

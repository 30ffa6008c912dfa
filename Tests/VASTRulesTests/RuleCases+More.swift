extension RuleCases {
  static let values: [RuleCase] = [
    RuleCase("duration-format", (duration, "<Duration>15s</Duration>")),
    RuleCase("duration-zero", (duration, "<Duration>00:00:00</Duration>")),
    RuleCase("skipoffset-format", (#"skipoffset="00:00:05""#, #"skipoffset="soon""#)),
    RuleCase("skipoffset-beyond-duration", (#"skipoffset="00:00:05""#, #"skipoffset="00:00:20""#)),
    RuleCase("percent-above-100", (#"skipoffset="00:00:05""#, #"skipoffset="150%""#)),
    RuleCase("tracking-event-unknown", (start, #"<Tracking event="begin">"#)),
    RuleCase(
      "tracking-event-too-new", (#"<VAST version="4.2""#, #"<VAST version="3.0""#),
      (start, #"<Tracking event="loaded">"#)),
    RuleCase(
      "progress-offset-missing",
      (#"<Tracking event="progress" offset="00:00:10">"#, #"<Tracking event="progress">"#)),
    RuleCase("tracking-offset-format", (#"offset="00:00:10">"#, #"offset="ten">"#)),
    RuleCase("tracking-offset-not-progress", (start, #"<Tracking event="start" offset="00:00:01">"#)),
    RuleCase(
      "icon-offset-format", (#"offset="00:00:01" duration="00:00:10""#, #"offset="1s" duration="00:00:10""#)),
    RuleCase("icon-position-value", (#"xPosition="right""#, #"xPosition="center""#)),
    RuleCase(
      "nonlinear-duration-format", (#"minSuggestedDuration="00:00:05""#, #"minSuggestedDuration="5""#)),
    RuleCase(
      "attribute-integer",
      (#"width="1280" height="720" bitrate="2000""#, #"width="1280px" height="720" bitrate="2000""#)),
    RuleCase(
      "attribute-boolean", (#"scalable="true" maintainAspectRatio"#, #"scalable="yes" maintainAspectRatio"#)),
    RuleCase("companionads-required-value", (#"required="any""#, #"required="some""#)),
    RuleCase("companion-renderingmode-value", (#"renderingMode="default""#, #"renderingMode="overlay""#)),
    RuleCase("pricing-model-value", (#"model="cpm""#, #"model="flat""#)),
    RuleCase("pricing-currency-format", (#"currency="USD""#, #"currency="dollar""#)),
    RuleCase("pricing-value-format", ("<![CDATA[2.50]]>", "<![CDATA[$2.50]]>")),
    RuleCase("expires-format", ("<Expires>3600</Expires>", "<Expires>1h</Expires>")),
    RuleCase("adsystem-empty", (#"<AdSystem version="1.0">adhost</AdSystem>"#, "<AdSystem> </AdSystem>")),
    RuleCase("adtitle-empty", ("<AdTitle>Clean ad</AdTitle>", "<AdTitle/>")),
    RuleCase("adservingid-empty", ("<AdServingId>serving-1</AdServingId>", "<AdServingId></AdServingId>")),
    RuleCase(
      "universaladid-empty",
      (
        #"<UniversalAdId idRegistry="ad-id.org">ABCD1234</UniversalAdId>"#,
        #"<UniversalAdId idRegistry="ad-id.org"/>"#
      )),
    RuleCase(
      "category-empty",
      (
        #"<Category authority="https://iabtechlab.com">IAB1</Category>"#,
        #"<Category authority="https://iabtechlab.com"/>"#
      )),
    RuleCase("resource-empty", ("<![CDATA[https://cdn.example/c.jpg]]>", "")),
    RuleCase("creativetype-format", (#"creativeType="image/jpeg""#, #"creativeType="jpeg""#)),
    RuleCase("closedcaption-language-format", (#"language="en-US""#, #"language="English""#)),
  ]

  static let content: [RuleCase] = [
    RuleCase(
      "creatives-creative-missing",
      raw:
        #"<VAST version="4.2"><Ad><InLine><AdSystem>a</AdSystem><AdTitle>t</AdTitle><Creatives/></InLine></Ad></VAST>"#
    ),
    RuleCase("icons-icon-missing", ("<Icons>", "<Icons/><Unused>"), ("</Icons>", "</Unused>")),
    RuleCase("nonlinearads-nonlinear-missing", ("<NonLinear ", "<Unused "), ("</NonLinear>", "</Unused>")),
    RuleCase("companionads-companion-missing", ("<Companion ", "<Unused "), ("</Companion>", "</Unused>")),
    RuleCase(
      "adverifications-verification-missing", ("<Verification ", "<Unused "), ("</Verification>", "</Unused>")
    ),
    RuleCase("viewableimpression-empty", ("<AdServingId>", "<ViewableImpression/><AdServingId>")),
    RuleCase(
      "universaladid-unknown-pair", (#"idRegistry="ad-id.org">ABCD1234"#, #"idRegistry="unknown">ABCD1234"#)),
    RuleCase("ad-sequence-gap", (#"sequence="1" adType"#, #"sequence="2" adType"#)),
    RuleCase("creative-sequence-duplicate", (#"<Creative id="c2">"#, #"<Creative id="c2" sequence="1">"#)),
    RuleCase("skipoffset-zero", (#"skipoffset="00:00:05""#, #"skipoffset="0%""#)),
    RuleCase("progress-offset-beyond-duration", (#"offset="00:00:10">"#, #"offset="00:00:40">"#)),
    RuleCase("error-url-no-errorcode", ("error?code=[ERRORCODE]", "error")),
    RuleCase("category-authority-format", (#"authority="https://iabtechlab.com""#, #"authority="IAB""#)),
    RuleCase(
      "vmap-adsource-id-duplicate", in: vmap,
      (#"<vmap:AdSource id="mid-ad">"#, #"<vmap:AdSource id="pre-ad">"#)),
  ]

  static let media: [RuleCase] = [
    RuleCase(
      "mediafile-delivery-value", (#"<MediaFile delivery="progressive""#, #"<MediaFile delivery="download""#)),
    RuleCase(
      "mezzanine-delivery-value", (#"<Mezzanine delivery="progressive""#, #"<Mezzanine delivery="fast""#)),
    RuleCase("mediafile-mediatype-value", (mp4, mp4 + #" mediaType="flat""#)),
    RuleCase("mediafile-type-format", (#"type="video/mp4" width="1280""#, #"type="mp4" width="1280""#)),
    RuleCase(
      "mediafile-bitrate-range",
      (#"minBitrate="500" maxBitrate="3000""#, #"minBitrate="5000" maxBitrate="3000""#)),
    RuleCase(
      "mediafile-delivery-type",
      (
        #"delivery="streaming" type="application/x-mpegURL""#,
        #"delivery="progressive" type="application/x-mpegURL""#
      )),
    RuleCase(
      "mediafile-size-zero",
      (#"type="video/mp4" width="1280" height="720""#, #"type="video/mp4" width="0" height="0""#)),
    RuleCase("ad-type-media", (#"adType="video""#, #"adType="audio""#)),
    RuleCase(
      "mediafile-duplicate",
      ("<![CDATA[https://cdn.example/ad.m3u8]]>", "<![CDATA[https://cdn.example/ad.mp4]]>")),
  ]

  static let urls: [RuleCase] = [
    RuleCase(
      "url-empty",
      (
        #"<Impression id="imp">\#(impression)</Impression>"#,
        #"<Impression id="imp"/><Impression>\#(impression)</Impression>"#
      )),
    RuleCase("url-relative", ("<![CDATA[https://ads.example/start]]>", "<![CDATA[/start]]>")),
    RuleCase("url-scheme", ("<![CDATA[https://brand.example/]]>", "<![CDATA[javascript:alert(1)]]>")),
    RuleCase("url-http", ("<![CDATA[https://ads.example/start]]>", "<![CDATA[http://ads.example/start]]>")),
    RuleCase("url-host-missing", ("<![CDATA[https://ads.example/start]]>", "<![CDATA[https:///start]]>")),
    RuleCase(
      "url-space", ("<![CDATA[https://ads.example/start]]>", "<![CDATA[https://ads.example/st art]]>")),
    RuleCase(
      "url-character", ("<![CDATA[https://ads.example/start]]>", "<![CDATA[https://ads.example/{start}]]>")),
    RuleCase(
      "url-localhost", ("<![CDATA[https://ads.example/start]]>", "<![CDATA[https://localhost/start]]>")),
    RuleCase("url-not-cdata", ("<![CDATA[https://ads.example/start]]>", "https://ads.example/start")),
    RuleCase(
      "impression-duplicate",
      (
        #"<Impression id="imp">\#(impression)</Impression>"#,
        "<Impression>\(impression)</Impression><Impression>\(impression)</Impression>"
      )),
    RuleCase(
      "tracking-duplicate",
      (
        start,
        #"<Tracking event="start"><![CDATA[https://ads.example/start]]></Tracking><Tracking event="start">"#
      )),
  ]

  static let macros: [RuleCase] = [
    RuleCase("macro-unknown", ("cb=[CACHEBUSTING]", "cb=[CACHEBUSTER]")),
    RuleCase("macro-case", ("cb=[CACHEBUSTING]", "cb=[cachebusting]")),
    RuleCase("macro-malformed", ("cb=[CACHEBUSTING]", "cb=[CACHEBUSTING")),
    RuleCase("macro-errorcode-outside-error", ("cb=[CACHEBUSTING]", "e=[ERRORCODE]")),
    RuleCase("macro-contentplayhead-deprecated", ("cb=[CACHEBUSTING]", "t=[CONTENTPLAYHEAD]")),
    RuleCase(
      "macro-version", (#"<VAST version="4.2""#, #"<VAST version="3.0""#), ("cb=[CACHEBUSTING]", "ifa=[IFA]")),
  ]

  static let deprecated: [RuleCase] = [
    RuleCase(
      "wrapper-adtagurl-legacy", in: wrapper,
      (
        "<VASTAdTagURI><![CDATA[https://ads.example/next.xml]]></VASTAdTagURI>",
        "<VASTAdTagURL><URL><![CDATA[https://ads.example/next.xml]]></URL></VASTAdTagURL>"
      )),
    RuleCase("tracking-event-removed", (start, #"<Tracking event="fullscreen">"#)),
    RuleCase("mediafile-flash", (#"type="video/mp4" width="1280""#, #"type="video/x-flv" width="1280""#)),
    RuleCase("mediafile-vpaid", (mp4, mp4 + #" apiFramework="VPAID""#)),
    RuleCase("flash-resource", (script, "<FlashResource>"), ("</JavaScriptResource>", "</FlashResource>")),
    RuleCase("conditional-ad-deprecated", (#"adType="video""#, #"adType="video" conditionalAd="false""#)),
    RuleCase(
      "survey-deprecated", ("<Expires>", "<Survey><![CDATA[https://survey.example/]]></Survey><Expires>")),
    RuleCase("creative-adid-spelling", (#"adId="a1""#, #"AdID="a1""#)),
    RuleCase(
      "extension-adverifications-legacy",
      ("<Expires>", #"<Extensions><Extension type="AdVerifications"/></Extensions><Expires>"#)),
  ]

  static let verification: [RuleCase] = [
    RuleCase("verification-vendor-missing", (verifier, "<Verification>")),
    RuleCase("verification-resource-missing", (script, "<Unused>"), ("</JavaScriptResource>", "</Unused>")),
    RuleCase("verification-apiframework-missing", (script, "<JavaScriptResource>")),
    RuleCase("verification-apiframework-value", (script, #"<JavaScriptResource apiFramework="moat">"#)),
    RuleCase("verification-parameters-not-cdata", (#"<![CDATA[{"id":1}]]>"#, "id=1")),
    RuleCase("verification-tracking-event", (#"event="verificationNotExecuted""#, #"event="start""#)),
    RuleCase(
      "verification-vendor-duplicate",
      (
        "</AdVerifications>",
        #"\#(verifier)\#(script)<![CDATA[https://verifier.example/b.js]]></JavaScriptResource></Verification></AdVerifications>"#
      )),
    RuleCase(
      "executableresource-attributes-missing", (script, "<ExecutableResource>"),
      ("</JavaScriptResource>", "</ExecutableResource>")),
    RuleCase("interactivefile-apiframework-value", (#"apiFramework="SIMID""#, #"apiFramework="VPAID""#)),
    RuleCase(
      "interactivefile-type-value",
      (
        #"<InteractiveCreativeFile type="text/html""#,
        #"<InteractiveCreativeFile type="application/javascript""#
      )),
  ]

  static let vmapCases: [RuleCase] = [
    RuleCase("vmap-version-missing", in: vmap, (#" version="1.0">"#, ">")),
    RuleCase("vmap-version-unsupported", in: vmap, (#" version="1.0">"#, #" version="2.0">"#)),
    RuleCase("vmap-namespace", in: vmap, ("http://www.iab.net/videosuite/vmap", "http://example.com/vmap")),
    RuleCase(
      "vmap-no-breaks", raw: #"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0"/>"#),
    RuleCase(
      "vmap-element-unknown", in: vmap, ("<vmap:TrackingEvents>", "<vmap:Note/><vmap:TrackingEvents>")),
    RuleCase(
      "vmap-adsource-missing",
      raw:
        #"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0"><vmap:AdBreak timeOffset="start" breakType="linear"/></vmap:VMAP>"#
    ),
    RuleCase(
      "vmap-adsource-empty", in: vmap,
      (#"<vmap:CustomAdData templateType="proprietary"><![CDATA[<ad/>]]></vmap:CustomAdData>"#, "")),
    RuleCase(
      "vmap-adsource-several", in: vmap,
      (
        "</vmap:CustomAdData>",
        #"</vmap:CustomAdData><vmap:AdTagURI templateType="vast4"><![CDATA[https://ads.example/x.xml]]></vmap:AdTagURI>"#
      )),
    RuleCase(
      "vmap-vastaddata-not-vast", in: vmap,
      ("<VAST version=\"4.2\" xmlns=\"http://www.iab.com/VAST\">", "<VASTish>"), ("</VAST>", "</VASTish>")),
    RuleCase(
      "vmap-templatetype-missing", in: vmap, (#"<vmap:AdTagURI templateType="vast4">"#, "<vmap:AdTagURI>")),
    RuleCase("vmap-templatetype-value", in: vmap, (#"templateType="vast4""#, #"templateType="vast9""#)),
    RuleCase("vmap-breakid-duplicate", in: vmap, (#"breakId="mid""#, #"breakId="pre""#)),
    RuleCase("vmap-timeoffset-missing", in: vmap, (#"<vmap:AdBreak timeOffset="start" "#, "<vmap:AdBreak ")),
    RuleCase(
      "vmap-timeoffset-format", in: vmap, (#"timeOffset="00:10:00.000""#, #"timeOffset="10 minutes""#)),
    RuleCase(
      "vmap-breaktype-missing", in: vmap, (#"timeOffset="start" breakType="linear""#, #"timeOffset="start""#)),
    RuleCase(
      "vmap-breaktype-value", in: vmap, (#"breakType="linear,nonlinear""#, #"breakType="linear,video""#)),
    RuleCase(
      "vmap-repeatafter-format", in: vmap,
      (preBreak, #"<vmap:AdBreak timeOffset="start" breakType="linear" breakId="pre" repeatAfter="often">"#)),
    RuleCase("vmap-tracking-event-value", in: vmap, (#"event="breakStart""#, #"event="start""#)),
    RuleCase("vmap-boolean", in: vmap, (#"followRedirects="true""#, #"followRedirects="yes""#)),
    RuleCase("vmap-url-empty", in: vmap, ("<![CDATA[https://ads.example/bs]]>", "")),
    RuleCase(
      "vmap-url-http", in: vmap, ("<![CDATA[https://ads.example/bs]]>", "<![CDATA[http://ads.example/bs]]>")),
    RuleCase("vmap-break-order", in: vmap, (#"timeOffset="start""#, #"timeOffset="00:20:00""#)),
  ]
}

/// One case a rule of the document catalogue (`RuleCatalogueTests` checks none is missing).
enum RuleCases {
  static let wrapper = CleanDocuments.wrapper
  static let vmap = CleanDocuments.vmap
  static let duration = "<Duration>00:00:15</Duration>"
  static let mp4 =
    #"<MediaFile delivery="progressive" type="video/mp4" width="1280" height="720" bitrate="2000""#
  static let start = #"<Tracking event="start">"#
  static let impression = "<![CDATA[https://ads.example/impression?cb=[CACHEBUSTING]]]>"
  static let verifier = #"<Verification vendor="verifier.example-omid">"#
  static let script = #"<JavaScriptResource apiFramework="omid" browserOptional="true">"#
  static let icon = #"<Icon program="AdChoices" width="20" height="20" xPosition="right" yPosition="top""#
  static let companion = #"<Companion width="300" height="250" renderingMode="default">"#
  static let nonLinear =
    #"<NonLinear width="480" height="70" minSuggestedDuration="00:00:05" scalable="true">"#
  static let simid =
    #"<InteractiveCreativeFile type="text/html" apiFramework="SIMID" variableDuration="true">"#
  static let preBreak = #"<vmap:AdBreak timeOffset="start" breakType="linear" breakId="pre">"#

  static let all: [RuleCase] =
    read + document + structure + required + values + content + media + urls + macros
    + deprecated + verification + vmapCases + ctvCases + daastCases

  static let read: [RuleCase] = [
    RuleCase("xml-malformed", raw: "<VAST version=\"4.2\"><Ad>"),
    RuleCase(
      "xml-entity-declared", raw: "<!DOCTYPE VAST [<!ENTITY x \"y\">]><VAST version=\"4.2\">&x;</VAST>"),
    RuleCase(
      "xml-undeclared-prefix",
      raw: "<VAST version=\"4.2\"><Error><![CDATA[https://a.example/e]]></Error><x:Note/></VAST>"),
    RuleCase("root-unknown", raw: "<Playlist/>"),
    RuleCase("vast-1-document", raw: "<VideoAdServingTemplate><Ad id=\"1\"/></VideoAdServingTemplate>"),
    RuleCase("daast-superseded", raw: "<DAAST version=\"1.0\"/>"),
  ]

  static let document: [RuleCase] = [
    RuleCase("vast-version-missing", (#"<VAST version="4.2""#, "<VAST")),
    RuleCase("vast-version-unsupported", (#"<VAST version="4.2""#, #"<VAST version="5.0""#)),
    RuleCase("vast-version-newer", (#"<VAST version="4.2""#, #"<VAST version="4.4""#)),
    RuleCase("vast-version-format", (#"<VAST version="4.2""#, #"<VAST version="4.2.0""#)),
    RuleCase(
      "vast-namespace-foreign", (#"xmlns="http://www.iab.com/VAST""#, #"xmlns="http://example.com/vast""#)),
    RuleCase("vast-no-ads-no-error", raw: "<VAST version=\"4.2\"></VAST>"),
    RuleCase(
      "vast-error-beside-ads",
      (#"  <Ad id="ad-1""#, "<Error><![CDATA[https://ads.example/e]]></Error><Ad id=\"ad-1\"")),
    RuleCase("ad-kind-missing", raw: "<VAST version=\"4.2\"><Ad id=\"1\"></Ad></VAST>"),
    RuleCase("ad-kind-both", ("</InLine>", "</InLine><Wrapper/>")),
    RuleCase("ad-sequence-format", (#"sequence="1" adType"#, #"sequence="first" adType"#)),
    RuleCase(
      "ad-sequence-duplicate", in: wrapper, (#"<Ad id="w1">"#, #"<Ad id="w1" sequence="1">"#),
      (
        "</Ad>",
        #"</Ad><Ad id="w2" sequence="1"><Wrapper><AdSystem>a</AdSystem><Impression><![CDATA[https://a.example/i]]></Impression><VASTAdTagURI><![CDATA[https://a.example/n]]></VASTAdTagURI></Wrapper></Ad>"#
      )),
    RuleCase(
      "ad-id-duplicate", in: wrapper,
      (
        "</Ad>",
        #"</Ad><Ad id="w1"><Wrapper><AdSystem>a</AdSystem><Impression><![CDATA[https://a.example/i]]></Impression><VASTAdTagURI><![CDATA[https://a.example/n]]></VASTAdTagURI></Wrapper></Ad>"#
      )),
    RuleCase("ad-type-value", (#"adType="video""#, #"adType="movie""#)),
    RuleCase("creative-kind-missing", ("<NonLinearAds>", "<Unused>"), ("</NonLinearAds>", "</Unused>")),
    RuleCase("creative-several-kinds", ("<NonLinearAds>", "<CompanionAds/><NonLinearAds>")),
  ]

  static let structure: [RuleCase] = [
    RuleCase("element-unknown", ("<AdTitle>", "<Sponsor>x</Sponsor><AdTitle>")),
    RuleCase("element-misplaced", ("<AdTitle>", "<Duration>00:00:01</Duration><AdTitle>")),
    RuleCase("element-version", (#"<VAST version="4.2""#, #"<VAST version="3.0""#)),
    RuleCase(
      "element-duplicate",
      ("<AdTitle>Clean ad</AdTitle>", "<AdTitle>Clean ad</AdTitle><AdTitle>Again</AdTitle>")),
    RuleCase("attribute-unknown", (duration, "<Duration unit=\"s\">00:00:15</Duration>")),
    RuleCase("attribute-version", (#"<VAST version="4.2""#, #"<VAST version="4.0""#)),
    RuleCase("text-in-container", ("<Creatives>", "<Creatives>stray text")),
    RuleCase("attribute-empty", (#"<Creative id="c2">"#, #"<Creative id="">"#)),
  ]

  static let required: [RuleCase] = [
    RuleCase("inline-adsystem-missing", (#"<AdSystem version="1.0">adhost</AdSystem>"#, "")),
    RuleCase("inline-adtitle-missing", ("<AdTitle>Clean ad</AdTitle>", "")),
    RuleCase("inline-impression-missing", (#"<Impression id="imp">\#(impression)</Impression>"#, "")),
    RuleCase("inline-creatives-missing", ("<Creatives>", "<Unused>"), ("</Creatives>", "</Unused>")),
    RuleCase("inline-adservingid-missing", ("<AdServingId>serving-1</AdServingId>", "")),
    RuleCase("wrapper-adsystem-missing", in: wrapper, ("<AdSystem>adhost</AdSystem>", "")),
    RuleCase(
      "wrapper-adtaguri-missing", in: wrapper,
      ("<VASTAdTagURI><![CDATA[https://ads.example/next.xml]]></VASTAdTagURI>", "")),
    RuleCase(
      "wrapper-impression-missing", in: wrapper,
      ("<Impression><![CDATA[https://ads.example/wimp]]></Impression>", "")),
    RuleCase(
      "creative-universaladid-missing",
      (#"<UniversalAdId idRegistry="ad-id.org">ABCD1235</UniversalAdId>"#, "")),
    RuleCase("linear-duration-missing", (duration, "")),
    RuleCase("linear-mediafiles-missing", ("<MediaFiles>", "<Unused>"), ("</MediaFiles>", "</Unused>")),
    RuleCase(
      "mediafiles-mediafile-missing", ("<MediaFile ", "<Unused "), ("</MediaFile>", "</Unused>"),
      ("<MediaFile ", "<Unused "), ("</MediaFile>", "</Unused>")),
    RuleCase("mediafile-delivery-missing", (#"<MediaFile delivery="progressive""#, "<MediaFile")),
    RuleCase(
      "mediafile-type-missing",
      (mp4, #"<MediaFile delivery="progressive" width="1280" height="720" bitrate="2000""#)),
    RuleCase("mediafile-width-missing", (#"type="video/mp4" width="1280""#, #"type="video/mp4""#)),
    RuleCase("mediafile-height-missing", (#"width="1280" height="720" bitrate"#, #"width="1280" bitrate"#)),
    RuleCase("mediafile-bitrate-missing", (#" bitrate="2000""#, "")),
    RuleCase("mezzanine-delivery-missing", (#"<Mezzanine delivery="progressive""#, "<Mezzanine")),
    RuleCase(
      "mezzanine-type-missing",
      (#"<Mezzanine delivery="progressive" type="video/mp4""#, #"<Mezzanine delivery="progressive""#)),
    RuleCase("mezzanine-size-missing", (#"width="1920" height="1080""#, #"width="1920""#)),
    RuleCase(
      "companion-resource-missing",
      (
        "<StaticResource creativeType=\"image/jpeg\"><![CDATA[https://cdn.example/c.jpg]]></StaticResource>",
        ""
      )),
    RuleCase("companion-width-missing", (companion, #"<Companion height="250">"#)),
    RuleCase("companion-height-missing", (companion, #"<Companion width="300">"#)),
    RuleCase(
      "nonlinear-resource-missing",
      (
        "<StaticResource creativeType=\"image/png\"><![CDATA[https://cdn.example/nl.png]]></StaticResource>",
        ""
      )),
    RuleCase("nonlinear-width-missing", (nonLinear, #"<NonLinear height="70">"#)),
    RuleCase("nonlinear-height-missing", (nonLinear, #"<NonLinear width="480">"#)),
    RuleCase(
      "icon-resource-missing",
      (
        "<StaticResource creativeType=\"image/png\"><![CDATA[https://ads.example/icon.png]]></StaticResource>",
        ""
      )),
    RuleCase("icon-program-missing", (#"<Icon program="AdChoices""#, "<Icon")),
    RuleCase("icon-size-missing", (#"<Icon program="AdChoices" width="20""#, #"<Icon program="AdChoices""#)),
    RuleCase("tracking-event-missing", (start, "<Tracking>")),
    RuleCase(
      "staticresource-creativetype-missing",
      (#"<StaticResource creativeType="image/jpeg">"#, "<StaticResource>")),
    RuleCase(
      "universaladid-idregistry-missing",
      (#"<UniversalAdId idRegistry="ad-id.org">ABCD1234"#, "<UniversalAdId>ABCD1234")),
    RuleCase("pricing-model-missing", (#"<Pricing model="cpm""#, "<Pricing")),
    RuleCase("pricing-currency-missing", (#" currency="USD""#, "")),
    RuleCase("category-authority-missing", (#"<Category authority="https://iabtechlab.com">"#, "<Category>")),
    RuleCase("closedcaption-type-missing", (#"<ClosedCaptionFile type="text/vtt""#, "<ClosedCaptionFile")),
    RuleCase("closedcaption-language-missing", (#" language="en-US""#, "")),
    RuleCase("interactivefile-apiframework-missing", (simid, #"<InteractiveCreativeFile type="text/html">"#)),
    RuleCase("interactivefile-type-missing", (simid, #"<InteractiveCreativeFile apiFramework="SIMID">"#)),
    RuleCase("mezzanine-recommended", ("<Mezzanine ", "<Unused "), ("</Mezzanine>", "</Unused>")),
  ]
}

/// The cases of the VAST 4.4 CTV rules and of the DAAST rules, made from
/// `CleanDocuments.ctv` and `CleanDocuments.daast`.
extension RuleCases {
  static let ctv = CleanDocuments.ctv
  static let daast = CleanDocuments.daast
  static let pauseVideo =
    #"<MediaFile delivery="progressive" type="video/mp4" width="1920" height="1080" bitrate="4000">"#

  static let ctvCases: [RuleCase] = [
    RuleCase("ctv-nonlinear-video-duration", in: ctv, ("<Duration>00:00:15</Duration>", "")),
    RuleCase(
      "ctv-nonlinear-simid-iframe", in: ctv,
      (
        "<NonLinearClickThrough>",
        #"<IFrameResource apiFramework="SIMID"><![CDATA[https://cdn.example/simid.html]]></IFrameResource><NonLinearClickThrough>"#
      )),
    RuleCase(
      "ctv-portfolio-extension-vast4", in: ctv,
      ("<Extensions>", #"<Extensions><Extension type="ctv_ad_portfolio"><Portfolio/></Extension>"#)),
    RuleCase(
      "ctv-adcom-signal-unknown", in: ctv,
      (#"type="attr" ext="adcom"><attr>23</attr>"#, #"type="battr" ext="adcom"><battr>23</battr>"#)),
    RuleCase("ctv-adcom-signal-element", in: ctv, ("<pos>7</pos>", "<position>7</position>")),
    RuleCase("ctv-adcom-signal-integer", in: ctv, ("<pos>7</pos>", "<pos>fullscreen</pos>")),
    RuleCase("ctv-adcom-plcmt-value", in: ctv, ("<plcmt>5</plcmt>", "<plcmt>12</plcmt>")),
    RuleCase(
      "ctv-adcom-playbackmethod-value", in: ctv,
      ("<playbackmethod>9</playbackmethod>", "<playbackmethod>14</playbackmethod>")),
    RuleCase("ctv-adcom-pos-value", in: ctv, ("<pos>7</pos>", "<pos>30</pos>")),
    RuleCase("ctv-adcom-attr-value", in: ctv, ("<attr>23</attr>", "<attr>40</attr>")),
    RuleCase(
      "ctv-placement-nonlinear", in: ctv,
      (
        "<NonLinearAds>",
        "<Linear><Duration>00:00:15</Duration><MediaFiles>\(pauseVideo)<![CDATA[https://cdn.example/l.mp4]]></MediaFile></MediaFiles></Linear><NonLinearAds>"
      )),
    RuleCase(
      "ctv-playbackmethod-placement", in: ctv,
      ("<playbackmethod>9</playbackmethod>", "<playbackmethod>11</playbackmethod>")),
    RuleCase("ctv-pos-placement", in: ctv, ("<pos>7</pos>", "<pos>11</pos>")),
    RuleCase("ctv-attr-motion", in: ctv, ("<attr>23</attr>", "<attr>3</attr>")),
    RuleCase(
      "ctv-qrcode-scan-url-missing", in: ctv,
      ("<QrCodeScanUrl><![CDATA[https://brand.example/qr]]></QrCodeScanUrl>", "")),
    RuleCase("ctv-qrcode-url", in: ctv, ("https://cdn.example/qr.png", "qr.png")),
    RuleCase("ctv-qrcode-position-percent", in: ctv, (#"xPosition="10%""#, #"xPosition="120""#)),
    RuleCase("ctv-qrcode-size-percent", in: ctv, (#"size="15%""#, #"size="200px""#)),
  ]

  static let daastCases: [RuleCase] = [
    RuleCase("daast-version-value", in: daast, (#"<DAAST version="1.1">"#, #"<DAAST version="2.0">"#)),
    RuleCase("daast-ad-kind-missing", in: daast, ("</DAAST>", #"<Ad id="empty"></Ad></DAAST>"#)),
    RuleCase("daast-inline-adtitle-missing", in: daast, ("<AdTitle>Audio ad</AdTitle>", "")),
    RuleCase("daast-inline-category-missing", in: daast, ("<Category>IAB1</Category>", "")),
    RuleCase(
      "daast-inline-impression-missing", in: daast,
      ("<Impression><![CDATA[https://ads.example/impression]]></Impression>", "")),
    RuleCase(
      "daast-inline-creatives-missing", in: daast, ("<Creatives>", "<Skipped>"),
      ("</Creatives>", "</Skipped>")),
    RuleCase(
      "daast-wrapper-adtaguri-missing", in: daast,
      ("<DAASTAdTagURI><![CDATA[https://ads.example/next.xml]]></DAASTAdTagURI>", "")),
    RuleCase(
      "daast-wrapper-impression-missing", in: daast,
      ("<Impression><![CDATA[https://ads.example/wrapper-impression]]></Impression>", "")),
    RuleCase("daast-linear-duration-missing", in: daast, ("<Duration>00:00:30</Duration>", "")),
    RuleCase(
      "daast-linear-mediafiles-missing", in: daast, ("<MediaFiles>", "<Files>"), ("</MediaFiles>", "</Files>")
    ),
    RuleCase("daast-mediafile-attributes-missing", in: daast, (#"delivery="progressive" "#, "")),
    RuleCase("daast-mediafile-audio", in: daast, (#"type="audio/mpeg""#, #"type="video/mp4""#)),
    RuleCase(
      "daast-vast-element", in: daast, ("<AdInteractions>", "<VideoClicks>"),
      ("</AdInteractions>", "</VideoClicks>")),
    RuleCase(
      "daast-duration-format", in: daast, ("<Duration>00:00:30</Duration>", "<Duration>30</Duration>")),
  ]
}

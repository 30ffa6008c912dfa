/// The element and attribute names the parser acts on. libxml2 interns every name in its
/// parser dictionary, so after interning these once a name is recognised by its pointer.
enum XMLName: String, CaseIterable {
  // Elements the builder acts on at their start or end tag.
  case vast = "VAST", videoAdServingTemplate = "VideoAdServingTemplate", ad = "Ad", inLine = "InLine"
  case wrapper = "Wrapper", viewableImpression = "ViewableImpression", creative = "Creative"
  case linear = "Linear", icon = "Icon", nonLinearAds = "NonLinearAds", nonLinear = "NonLinear"
  case companionAds = "CompanionAds", companion = "Companion"
  // Elements kept as raw XML (`isRaw`), then those whose text is kept (`collectsText`): each group
  // is declared in one run, so that testing for it is one range test, not a jump table.
  case adVerifications = "AdVerifications", extensions = "Extensions"
  case creativeExtensions = "CreativeExtensions"
  case adSystem = "AdSystem", adTitle = "AdTitle", error = "Error", impression = "Impression"
  case adServingId = "AdServingId", category = "Category", descriptionElement = "Description"
  case advertiser = "Advertiser", pricing = "Pricing", expires = "Expires", viewable = "Viewable"
  case notViewable = "NotViewable", viewUndetermined = "ViewUndetermined", universalAdId = "UniversalAdId"
  case durationElement = "Duration", adParameters = "AdParameters", mediaFile = "MediaFile"
  case mezzanine = "Mezzanine", interactiveCreativeFile = "InteractiveCreativeFile"
  case closedCaptionFile = "ClosedCaptionFile", tracking = "Tracking", clickThrough = "ClickThrough"
  case clickTracking = "ClickTracking", customClick = "CustomClick", staticResource = "StaticResource"
  case iFrameResource = "IFrameResource", htmlResource = "HTMLResource", iconClickThrough = "IconClickThrough"
  case iconClickTracking = "IconClickTracking", iconViewTracking = "IconViewTracking"
  case nonLinearClickThrough = "NonLinearClickThrough", nonLinearClickTracking = "NonLinearClickTracking"
  case altText = "AltText", companionClickThrough = "CompanionClickThrough"
  case companionClickTracking = "CompanionClickTracking", vastAdTagURI = "VASTAdTagURI"
  case vastAdTagURL = "VASTAdTagURL", url = "URL"
  // Attributes.
  case id, sequence, conditionalAd, adType, version, followAdditionalWrappers, allowMultipleAds
  case fallbackOnNoAd, skipoffset, delivery, type, width, height, codec, bitrate, minBitrate, maxBitrate
  case scalable, maintainAspectRatio, fileSize, mediaType, apiFramework, event, offset, adId, idRegistry
  case idValue, authority, model, currency, language, variableDuration, program, xPosition, yPosition
  case duration, pxratio, creativeType, expandedWidth, expandedHeight, minSuggestedDuration, assetWidth
  case assetHeight, adSlotId, renderingMode, required
  /// The VAST 2.0/3.0 spelling of `adId` on `<Creative>`.
  case adIDLegacy = "AdID"

  /// Whether the element's text is kept.
  var collectsText: Bool {
    switch self {
    case .adSystem, .adTitle, .error, .impression, .adServingId, .category, .descriptionElement,
      .advertiser, .pricing, .expires, .viewable, .notViewable, .viewUndetermined, .universalAdId,
      .durationElement, .adParameters, .mediaFile, .mezzanine, .interactiveCreativeFile,
      .closedCaptionFile, .tracking, .clickThrough, .clickTracking, .customClick, .staticResource,
      .iFrameResource, .htmlResource, .iconClickThrough, .iconClickTracking, .iconViewTracking,
      .nonLinearClickThrough, .nonLinearClickTracking, .altText, .companionClickThrough,
      .companionClickTracking, .vastAdTagURI, .vastAdTagURL, .url:
      return true
    default:
      return false
    }
  }

  /// Whether the element is kept as raw XML, its content not parsed.
  var isRaw: Bool {
    switch self {
    case .adVerifications, .extensions, .creativeExtensions: return true
    default: return false
    }
  }
}
